import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { CreditsModule } from '@lib/credits';
import { EmailFinder } from '../find-email';
import { finderEngineProviders, OwnedProber } from './finder-engine.providers';
import { FinderReadModelModule } from './finder-read-model.module';
import { FindBatchService } from './find/find-batch.service';
import { FindOneService } from './find/find-one.service';

/** The finder for the API: single and batch finds (credits, events), learning formats from its read model. */
@Module({
  imports: [CreditsModule, FinderReadModelModule],
  providers: [...finderEngineProviders, FindOneService, FindBatchService],
  exports: [EmailFinder, FindOneService, FindBatchService],
})
export class FinderModule implements OnApplicationShutdown {
  constructor(@Inject(OwnedProber) private readonly owned: OwnedProber) {}

  async onApplicationShutdown(): Promise<void> {
    await this.owned.engine?.close();
  }
}
