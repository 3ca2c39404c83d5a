import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@lib/accounts';
import { FindBatchService, FindOneService } from '@lib/finder';
import { CurrentPrincipal } from '../auth/auth.decorators';
import { ApiEnvelope, ApiErrors } from '../docs/api-envelope.decorators';
import { FinderBatchDto, FinderBatchModel, FinderRequestDto, FinderResultModel } from './finder.dto';

@ApiTags('finder')
@Controller('v1/finder')
export class FinderController {
  constructor(private readonly one: FindOneService, private readonly batch: FindBatchService) {}

  @Post(['', 'single'])
  @HttpCode(200)
  @ApiOperation({ summary: "Find a person's address at a company domain (10 credits when an address is returned, free on a miss); /v1/finder and /v1/finder/single are the same endpoint" })
  @ApiEnvelope(FinderResultModel)
  @ApiErrors(400, 401, 402, 429)
  find(@CurrentPrincipal() principal: Principal, @Body() body: FinderRequestDto) {
    return this.one.find(principal.accountId, body as never);
  }

  @Post('batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Up to 100 contacts at once, synchronously; invalid contacts get a per-item error' })
  @ApiEnvelope(FinderBatchModel)
  @ApiErrors(400, 401, 402, 429)
  findBatch(@CurrentPrincipal() principal: Principal, @Body() body: FinderBatchDto) {
    return this.batch.find(principal.accountId, body.contacts);
  }
}
