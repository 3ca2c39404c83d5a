import type { ReadStore } from '@lib/readstore';

/**
 * A read model outside the job read models that keeps personal data in the clear and is shared or keyed by
 * something else than a job (the finder's `finder_known_addresses`, keyed by domain): the lib that owns it
 * gives how an erasure removes what an account taught it. Both methods are idempotent (run again on a
 * redelivery); neither answers a count, since the receipt counts what is gone, not what one run removed.
 */
export interface ErasableReadModel {
  /** The read model's collection, for messages. */
  name: string;
  /** Removes what `accountId` taught of `address` (as the subject gave it). */
  forgetAddress(accountId: string, address: string): Promise<void>;
  /** Removes everything these accounts taught (a closure: the live account and its test-mode shadow). */
  forgetAccounts(accountIds: string[]): Promise<void>;
  /** Removes what one job's rows taught (a job's "delete now"); a model no job of this kind taught ignores it. */
  forgetJob(jobKind: string, jobId: number): Promise<void>;
}

/** How a lib gives its erasable read model, from the read store. */
export type ErasableReadModelFactory = (readStore: ReadStore) => ErasableReadModel;

/** The erasable read models the workflow goes through, after the job read models. */
export const ERASABLE_READ_MODELS = Symbol('ERASABLE_READ_MODELS');
