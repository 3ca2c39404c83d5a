import { Module } from '@nestjs/common';
import { FinderModule } from '@lib/finder';
import { VerificationEngineModule } from '../verify/verification-engine.module';
import { FinderController } from './finder.controller';

/** HTTP side of the finder: single, batch and file jobs, on the process's one VerificationEngine. */
@Module({
  imports: [VerificationEngineModule, FinderModule],
  controllers: [FinderController],
})
export class FinderApiModule {}
