import { Body, Get, Put } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ConfigureAutoTopupCommand, GetAutoTopupQuery } from '@lib/billing';
import { DashboardPrincipal } from '@lib/identity';
import { requireManager } from '@lib/teams';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { AutoTopupDto } from './auto-topup.dto';
import { AutoTopupSettingsModel } from './auto-topup-settings.model';

/** The team's automatic top-up setting: read it, set it (owner or admin). */
@DashboardController('dashboard/v1/billing/auto-topup')
export class AutoTopupController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'DashboardBillingController_autoTopup',
    summary: 'Automatic top-up settings (null when never configured)',
  })
  @ApiEnvelope(AutoTopupSettingsModel)
  @ApiErrors(401)
  async autoTopup(@CurrentUser() user: DashboardPrincipal): Promise<AutoTopupSettingsModel> {
    return { settings: await this.queries.execute(new GetAutoTopupQuery(user.accountId)) };
  }

  @Put()
  @ApiOperation({
    operationId: 'DashboardBillingController_configureAutoTopup',
    summary:
      'Set automatic top-up (owner or admin): one off-session order per crossing below the threshold; failures are mailed to the owner',
  })
  @ApiEnvelope(AutoTopupSettingsModel)
  @ApiErrors(400, 401, 403, 404)
  async configureAutoTopup(
    @CurrentUser() user: DashboardPrincipal,
    @Body() body: AutoTopupDto,
  ): Promise<AutoTopupSettingsModel> {
    requireManager(user);
    return {
      settings: await this.commands.execute(
        new ConfigureAutoTopupCommand(
          user.accountId,
          { enabled: body.enabled, thresholdCredits: body.thresholdCredits, packageId: body.packageId },
          user.userId,
        ),
      ),
    };
  }
}
