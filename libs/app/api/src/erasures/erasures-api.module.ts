import { Module } from '@nestjs/common';
import { AddressErasureModule } from '@lib/erasure';
import { FINDER_JOB_FILES } from '@lib/finder';
import { VERIFICATION_JOB_FILES } from '@lib/verification-jobs';
import { ErasuresController } from './erasures.controller';

/** HTTP surface of a data subject's erasure and of receipts (a job's erasure is asked on the job's own routes). */
@Module({
  imports: [AddressErasureModule.forJobCollections([VERIFICATION_JOB_FILES.collection, FINDER_JOB_FILES.collection])],
  controllers: [ErasuresController],
  exports: [AddressErasureModule],
})
export class ErasuresApiModule {}
