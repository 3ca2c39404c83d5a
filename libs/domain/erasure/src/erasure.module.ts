import { DynamicModule, Module } from '@nestjs/common';
import { BlobStore } from '@lib/blobstore';
import { ReadStore } from '@lib/readstore';
import type { AddressErasableJobKind, PurgeableJobKind } from '@lib/jobs';
import { ErasureRequests } from './request-erasure/erasure-requests.service';
import { ErasureReceipts } from './query-erasures/erasure-receipts.query';
import { ErasureConsumer } from './run-erasure/erasure.consumer';
import { ERASURE_CLEANUPS, type ErasureCleanup } from './run-erasure/erasure-cleanup';
import { ErasureWorkflow } from './run-erasure/erasure-workflow';
import { ERASABLE_JOB_KINDS, JobErasureCleanup } from './run-erasure/job-erasure.cleanup';
import { ADDRESS_ERASABLE_JOB_KINDS, AddressErasureCleanup } from './run-erasure/address-erasure.cleanup';
import { AccountErasureCleanup } from './run-erasure/account-erasure.cleanup';
import { ERASABLE_READ_MODELS, type ErasableReadModelFactory } from './run-erasure/erasable-read-model';
import { AccountErasureRequests } from './request-account-erasure/account-erasure-requests.service';
import {
  ADDRESS_ERASURE_JOB_COLLECTIONS,
  AddressErasureRequests,
} from './request-address-erasure/address-erasure-requests.service';

/** How a job kind's lib gives its address erasure (verificationAddressErasure, ...), from the stores. */
export type AddressErasableJobKindFactory = (readStore: ReadStore, blobs: BlobStore) => AddressErasableJobKind;

/** The API side of erasures: asking for one, reading receipts. */
@Module({ providers: [ErasureRequests, ErasureReceipts], exports: [ErasureRequests, ErasureReceipts] })
export class ErasureModule {}

/** Asking for a data subject's or a closing account's erasure, with the job read models checked for open jobs. */
@Module({})
export class AddressErasureModule {
  static forJobCollections(collections: string[]): DynamicModule {
    return {
      module: AddressErasureModule,
      imports: [ErasureModule],
      providers: [
        { provide: ADDRESS_ERASURE_JOB_COLLECTIONS, useValue: collections },
        AddressErasureRequests,
        AccountErasureRequests,
      ],
      exports: [AddressErasureRequests, AccountErasureRequests, ErasureModule],
    };
  }
}

/**
 * The worker side: runs every erasure asked for (events.erasures), with the job kinds it may purge and the other
 * read models that keep what an account taught them.
 */
@Module({})
export class ErasureWorkerModule {
  static forJobKinds(
    kinds: PurgeableJobKind[],
    addressKinds: AddressErasableJobKindFactory[],
    readModels: ErasableReadModelFactory[] = [],
  ): DynamicModule {
    return {
      module: ErasureWorkerModule,
      providers: [
        { provide: ERASABLE_JOB_KINDS, useValue: kinds },
        {
          provide: ADDRESS_ERASABLE_JOB_KINDS,
          useFactory: (readStore: ReadStore, blobs: BlobStore) => addressKinds.map((kind) => kind(readStore, blobs)),
          inject: [ReadStore, BlobStore],
        },
        {
          provide: ERASABLE_READ_MODELS,
          useFactory: (readStore: ReadStore) => readModels.map((readModel) => readModel(readStore)),
          inject: [ReadStore],
        },
        JobErasureCleanup,
        AddressErasureCleanup,
        AccountErasureCleanup,
        {
          provide: ERASURE_CLEANUPS,
          useFactory: (...cleanups: ErasureCleanup[]) => cleanups,
          inject: [JobErasureCleanup, AddressErasureCleanup, AccountErasureCleanup],
        },
        ErasureWorkflow,
        ErasureConsumer,
      ],
      exports: [ErasureWorkflow],
    };
  }
}
