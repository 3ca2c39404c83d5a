import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@lib/accounts';
import { GetBalanceQuery } from '@lib/ledger';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentPrincipal, RequiresScope } from '../../auth/auth.decorators';
import { AcceptsKeyKinds } from '../../auth/key-kinds';
import { BalanceModel } from './balance.model';

/** The caller's credit balance, from the read model. */
@ApiTags('credits')
@RequiresScope('credits:read')
@AcceptsKeyKinds('test')
@Controller('v1/credits/balance')
export class GetBalanceController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({
    operationId: 'CreditsController_balance',
    summary: 'Credit balance',
    description:
      'Served from the read model: may trail the ledger by up to maxStalenessSeconds (30 s); asOf/updatedAt say how fresh it is.',
  })
  @ApiEnvelope(BalanceModel)
  @ApiErrors(401)
  balance(@CurrentPrincipal() principal: Principal) {
    return this.queries.execute(new GetBalanceQuery(principal.accountId));
  }
}
