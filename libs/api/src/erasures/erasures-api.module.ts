import { Module } from '@nestjs/common';
import { ErasureModule } from '@lib/erasure';
import { ErasuresController } from './erasures.controller';

/** HTTP surface of erasure receipts (a job's erasure is asked on the job's own routes). */
@Module({ imports: [ErasureModule], controllers: [ErasuresController], exports: [ErasureModule] })
export class ErasuresApiModule {}
