import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@lib/accounts';
import { Clock, parsePageRequest } from '@lib/common';
import { CreditCatalogue, GetBalanceQuery, ListOrdersQuery, ListTransactionsQuery } from '@lib/credits';
import { CurrentPrincipal, Public } from '../auth/auth.decorators';
import { ApiEnvelope, ApiErrors } from '../docs/api-envelope.decorators';
import { ApiPageQueries } from '../docs/api-params.decorators';
import { BalanceModel, CatalogueModel, OrderPageModel, TransactionPageModel } from './credits.models';
import { parseTransactionType } from './transaction-type';

@ApiTags('credits')
@Controller('v1/credits')
export class CreditsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly catalogue: CreditCatalogue,
    private readonly clock: Clock,
  ) {}

  @Get('balance')
  @ApiOperation({
    summary: 'Credit balance',
    description:
      'Served from the read model: may trail the ledger by up to maxStalenessSeconds (30 s); asOf/updatedAt say how fresh it is.',
  })
  @ApiEnvelope(BalanceModel)
  @ApiErrors(401)
  balance(@CurrentPrincipal() principal: Principal) {
    return this.queries.execute(new GetBalanceQuery(principal.accountId));
  }

  @Get('transactions')
  @ApiOperation({ summary: 'Credit transaction history, newest first' })
  @ApiPageQueries(20)
  @ApiQuery({
    name: 'type',
    required: false,
    schema: { type: 'string', enum: ['Added', 'Used', 'Adjusted'] },
    description: 'anything else: 400 code 2008',
  })
  @ApiEnvelope(TransactionPageModel)
  @ApiErrors(400, 401)
  transactions(
    @CurrentPrincipal() principal: Principal,
    @Query('page') page?: string,
    @Query('pageSize') pageSize?: string,
    @Query('type') type?: string,
  ) {
    const request = parsePageRequest(page, pageSize, 20);
    return this.queries.execute(new ListTransactionsQuery(principal.accountId, request, parseTransactionType(type)));
  }

  @Get('packages')
  @Public()
  @ApiSecurity({})
  @ApiOperation({ summary: 'Active credit packages and running promotions (no API key needed)' })
  @ApiEnvelope(CatalogueModel)
  packages() {
    return {
      packages: this.catalogue.activePackages(),
      promotions: this.catalogue.runningPromotions(this.clock.nowIso()),
    };
  }

  @Get('orders')
  @ApiOperation({ summary: 'Order history, newest first (the spec’s order page wrapper)' })
  @ApiPageQueries(20, 'limit')
  @ApiEnvelope(OrderPageModel)
  @ApiErrors(400, 401)
  orders(@CurrentPrincipal() principal: Principal, @Query('page') page?: string, @Query('limit') limit?: string) {
    const request = parsePageRequest(page, limit, 20, 'limit');
    return this.queries.execute(new ListOrdersQuery(principal.accountId, request.page, request.pageSize));
  }
}
