import { Module } from '@nestjs/common';
import { LedgerModule } from '@lib/ledger';
import { EmailFinder } from './domain/find-email';
import { finderEngineProviders } from './finder-engine.providers';
import { EmailFinders } from './test-mode/email-finders';
import { FinderReadModelModule } from './finder-read-model.module';
import { FindBatchService } from './find-batch/find-batch.service';
import { FindOneService } from './find-one/find-one.service';
import { FinderCallCharges } from './shared/finder-call-charges';

/**
 * Single and batch finds (credits, events), learning formats from the finder's read model. Needs the
 * app's VerificationEngine provider (a global module), which it never builds itself.
 */
@Module({
  imports: [LedgerModule, FinderReadModelModule],
  providers: [...finderEngineProviders, FindOneService, FindBatchService, FinderCallCharges],
  exports: [EmailFinder, EmailFinders, FindOneService, FindBatchService],
})
export class FinderModule {}
