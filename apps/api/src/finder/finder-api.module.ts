import { Module } from '@nestjs/common';
import { FinderModule } from '@lib/finder';
import { FinderController } from './finder.controller';

/** HTTP side of the finder: single, batch and file jobs. */
@Module({
  imports: [FinderModule],
  controllers: [FinderController],
})
export class FinderApiModule {}
