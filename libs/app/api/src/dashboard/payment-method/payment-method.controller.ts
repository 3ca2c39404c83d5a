import { Body, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { StripePaymentMethodSetup } from '@lib/billing';
import { DashboardPrincipal } from '@lib/identity';
import { requireManager } from '@lib/teams';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';

export class ConfirmSetupDto {
  @ApiProperty({
    example: 'seti_1PgafyB7WZ01zgkW',
    description: 'The setupIntentId answered by POST /billing/payment-method/setup',
  })
  @IsString()
  @Matches(/^seti_[A-Za-z0-9]{1,250}$/, { message: 'setupIntentId must be a Stripe SetupIntent id (seti_…)' })
  setupIntentId!: string;
}

export class PaymentMethodSetupModel {
  @ApiProperty({ example: 'seti_1PgafyB7WZ01zgkW' }) setupIntentId!: string;
  @ApiProperty({
    example: 'seti_1PgafyB7WZ01zgkW_secret_QXg2',
    description:
      'Stripe.js confirms the setup with it (stripe.confirmSetup); it collects the card, which never reaches this server',
  })
  clientSecret!: string;
}

export class SavedPaymentMethodModel {
  @ApiProperty({ example: 'pm_1PgafyB7WZ01zgkW' }) paymentMethodId!: string;
  @ApiProperty({ example: 'cus_RldjTJIS7y3Tq7U' }) customerId!: string;
  @ApiProperty({ example: '2025-01-01T00:00:00.000Z' }) savedAt!: string;
}

export class PaymentMethodStateModel {
  @ApiPropertyOptional({ type: SavedPaymentMethodModel, nullable: true, description: 'null until a setup succeeded' })
  paymentMethod!: SavedPaymentMethodModel | null;
}

/**
 * The card automatic top-ups charge (Stripe): a SetupIntent for the team's Stripe Customer, confirmed in
 * the browser with Stripe.js; the method is saved when Stripe reports the setup succeeded (webhook
 * `setup_intent.succeeded`, or the UI's confirmation, read back from Stripe).
 */
@DashboardController('dashboard/v1/billing/payment-method')
export class DashboardPaymentMethodController {
  constructor(private readonly setup: StripePaymentMethodSetup) {}

  @Get()
  @ApiOperation({ summary: 'The saved payment method automatic top-ups charge (null when none)' })
  @ApiEnvelope(PaymentMethodStateModel)
  @ApiErrors(401)
  async current(@CurrentUser() user: DashboardPrincipal) {
    return { paymentMethod: await this.setup.view(user.accountId) };
  }

  @Post('setup')
  @ApiOperation({
    summary:
      'Start saving a card (owner or admin; Stripe only): a SetupIntent for off-session use, to confirm with Stripe.js',
  })
  @ApiEnvelope(PaymentMethodSetupModel, 201)
  @ApiErrors(401, 403, 404)
  begin(@CurrentUser() user: DashboardPrincipal) {
    requireManager(user);
    return this.setup.begin(user.accountId, user.email);
  }

  @Post('confirm')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Report a confirmed setup (owner or admin): read back from Stripe and saved if it succeeded for this team',
  })
  @ApiEnvelope(PaymentMethodStateModel)
  @ApiErrors(400, 401, 403, 404, 409)
  async confirm(@CurrentUser() user: DashboardPrincipal, @Body() body: ConfirmSetupDto) {
    requireManager(user);
    return { paymentMethod: await this.setup.confirm(user.accountId, body.setupIntentId) };
  }
}
