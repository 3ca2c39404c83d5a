import { Body, Controller, Get, Post, Put, Query, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProperty, ApiPropertyOptional, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { parsePageRequest } from '@lib/common';
import { AutoTopupService, CheckoutService, ListOrdersQuery } from '@lib/credits';
import { DashboardPrincipal } from '@lib/identity';
import { OrderPageModel } from '../credits/credits.models';
import { ApiEnvelope, ApiErrors } from '../docs/api-envelope.decorators';
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
  @ApiProperty({ type: String, nullable: true, description: "What the UI needs to collect the payment (Stripe's client secret); null for the manual processor" }) clientSecret!: string | null;
}

export class AutoTopupDto {
  @ApiProperty({ example: true }) @IsBoolean() enabled!: boolean;
  @ApiProperty({ example: 500, description: 'When a charge takes the balance below this, one order for the package is bought' })
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
  constructor(private readonly checkout: CheckoutService, private readonly queries: QueryBus, private readonly autoTopups: AutoTopupService) {}

  @Get('auto-topup')
  @ApiOperation({ summary: 'Automatic top-up settings (null when never configured)' })
  @ApiErrors(401)
  async autoTopup(@CurrentUser() user: DashboardPrincipal) {
    return { settings: await this.autoTopups.settings(user.accountId) };
  }

  @Put('auto-topup')
  @ApiOperation({ summary: 'Set automatic top-up (owner or admin): one off-session order per crossing below the threshold; failures are mailed to the owner' })
  @ApiErrors(400, 401, 403, 404)
  async configureAutoTopup(@CurrentUser() user: DashboardPrincipal, @Body() body: AutoTopupDto) {
    requireManager(user);
    return { settings: await this.autoTopups.configure(user.accountId, { enabled: body.enabled, thresholdCredits: body.thresholdCredits, packageId: body.packageId }, user.userId) };
  }

  @Post('checkout')
  @ApiOperation({ summary: 'Buy a package (owner or admin): creates a Pending order and its payment; Completed adds the credits once' })
  @ApiEnvelope(CheckoutModel, 201)
  @ApiErrors(400, 401, 403, 404)
  buy(@CurrentUser() user: DashboardPrincipal, @Body() body: CheckoutDto) {
    requireManager(user);
    return this.checkout.checkout(user.accountId, body.packageId, body.promotionId ?? null, user.userId);
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
