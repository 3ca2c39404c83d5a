/** One ended job of an account, as an address erasure goes through them. */
export interface ErasableJobFiles {
  _id: string;
  jobId: number;
  accountId: string;
  createdAt: string;
  status: string;
  filesPurged?: unknown;
}

/**
 * How one job kind removes an address from a job (a data subject's request, issue 39): its row results in
 * the read model and the rows of its uploaded file. Each kind's lib exports its own; the erasure workflow
 * runs them over every job of the account. Idempotent: run again, it finds nothing left and answers 0.
 */
export interface AddressErasableJobKind {
  kind: string;
  /** The kind's job read model (one document per job, with `accountId`). */
  collection: string;
  /** Removes `address` (as the subject gave it) from the job; answers how many rows held it this time. */
  eraseAddress(job: ErasableJobFiles, address: string): Promise<number>;
}
