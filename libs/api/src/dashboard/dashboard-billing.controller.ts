import { Body, Controller, Get, Headers, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiHeader,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiQuery,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { parsePageRequest } from '@lib/common';
import { AutoTopupService, CheckoutService, ListOrdersQuery } from '@lib/credits';
import { DashboardPrincipal } from '@lib/identity';
import { OrderPageModel } from '../credits/credits.models';
import { ApiEnvelope, ApiErrors } from '../docs/api-envelope.decorators';
import { answerOnce, IDEMPOTENCY_HEADER_DOC } from '../idempotency/answer-once';
import { IdempotencyGate, requestFingerprint } from '@lib/idempotency';
import { CurrentUser, DashboardRoute } from './dashboard.decorators';
import { DashboardSessionGuard } from './dashboard-session.guard';
import { requireManager } from './dashboard-team.service';

export class CheckoutDto {
  @ApiProperty({ example: 2, description: 'A package of GET /v1/credits/packages' })
  @IsInt()
  @Min(1)
  packageId!: number;

  @ApiPropertyOptional({ example: 1, description: 'Must be running and cover the package (else 400 code 2007)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  promotionId?: number;
}

export class CheckoutModel {
  @ApiProperty({ example: '3349518220705795' }) orderId!: string;
  @ApiProperty({ enum: ['Pending', 'Completed', 'Failed'] }) status!: string;
  @ApiProperty({ enum: ['manual', 'stripe'] }) processor!: string;
  @ApiProperty({ example: 'manual_3349518220705795' }) processorPaymentIntentId!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "What the UI needs to collect the payment (Stripe's client secret); null for the manual processor",
  })
  clientSecret!: string | null;
}

export class AutoTopupDto {
  @ApiProperty({ example: true }) @IsBoolean() enabled!: boolean;
  @ApiProperty({
    example: 500,
    description: 'When a charge takes the balance below this, one order for the package is bought',
  })
  @IsInt()
  @Min(1)
  @Max(1_000_000_000)
  thresholdCredits!: number;

  @ApiProperty({ example: 1 }) @IsInt() @Min(1) packageId!: number;
}

/** Buying credits for the team: checkout with the configured payment processor, and the order history. */
@ApiTags('dashboard')
@ApiSecurity('session')
@DashboardRoute()
@UseGuards(DashboardSessionGuard)
@Controller('dashboard/v1/billing')
export class DashboardBillingController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly queries: QueryBus,
    private readonly autoTopups: AutoTopupService,
    private readonly gate: IdempotencyGate,
  ) {}

  @Get('auto-topup')
  @ApiOperation({ summary: 'Automatic top-up settings (null when never configured)' })
  @ApiErrors(401)
  async autoTopup(@CurrentUser() user: DashboardPrincipal) {
    return { settings: await this.autoTopups.settings(user.accountId) };
  }

  @Put('auto-topup')
  @ApiOperation({
    summary:
      'Set automatic top-up (owner or admin): one off-session order per crossing below the threshold; failures are mailed to the owner',
  })
  @ApiErrors(400, 401, 403, 404)
  async configureAutoTopup(@CurrentUser() user: DashboardPrincipal, @Body() body: AutoTopupDto) {
    requireManager(user);
    return {
      settings: await this.autoTopups.configure(
        user.accountId,
        { enabled: body.enabled, thresholdCredits: body.thresholdCredits, packageId: body.packageId },
        user.userId,
      ),
    };
  }

  @Post('checkout')
  @ApiOperation({
    summary: 'Buy a package (owner or admin): creates a Pending order and its payment; Completed adds the credits once',
  })
  @ApiHeader({
    ...IDEMPOTENCY_HEADER_DOC,
    description: `${IDEMPOTENCY_HEADER_DOC.description} A retry after the first request died buys the same order: same amounts, same payment, never a second one.`,
  })
  @ApiEnvelope(CheckoutModel, 201)
  @ApiErrors(400, 401, 403, 404, 409)
  buy(
    @CurrentUser() user: DashboardPrincipal,
    @Body() body: CheckoutDto,
    @Headers('idempotency-key') rawKey: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    requireManager(user);
    const promotionId = body.promotionId ?? null;
    const requestHash = requestFingerprint('dashboard.checkout', {
      userId: user.userId,
      packageId: body.packageId,
      promotionId,
    });
    return answerOnce(this.gate, { accountId: user.accountId, rawKey, reply, requestHash }, async (attempt) => {
      // The order id is bound to the key before anything is bought, so a retry of a request that died finishes that order.
      const orderId = attempt?.supersededWork ?? this.checkout.newOrderId();
      await attempt?.bind(orderId);
      return this.checkout.checkout(user.accountId, body.packageId, promotionId, user.userId, false, orderId);
    });
  }

  @Get('orders')
  @ApiOperation({ summary: "The team's orders, newest first (Pending, Completed, Failed with failureReason)" })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: 'default 20, at most 100' })
  @ApiEnvelope(OrderPageModel)
  @ApiErrors(400, 401)
  orders(@CurrentUser() user: DashboardPrincipal, @Query('page') page?: string, @Query('limit') limit?: string) {
    const request = parsePageRequest(page, limit, 20, 'limit');
    return this.queries.execute(new ListOrdersQuery(user.accountId, request.page, request.pageSize));
  }
}
