import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Principal } from '@lib/accounts';
import { parsePageRequest } from '@lib/common';
import { ListTransactionsQuery } from '@lib/ledger';
import { ApiEnvelope, ApiErrors, ApiPageQueries } from '@lib/http-host';
import { CurrentPrincipal, RequiresScope } from '../../auth/auth.decorators';
import { AcceptsKeyKinds } from '../../auth/key-kinds';
import { TransactionPageModel } from './transaction.models';
import { parseTransactionType } from './transaction-type';

/** The caller's credit history, a page at a time, optionally of one transaction type. */
@ApiTags('credits')
@RequiresScope('credits:read')
@AcceptsKeyKinds('test')
@Controller('v1/credits/transactions')
export class ListTransactionsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({ operationId: 'CreditsController_transactions', summary: 'Credit transaction history, newest first' })
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
}
