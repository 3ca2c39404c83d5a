import { Body, Get, Put } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AccountRetention, ChooseRetentionCommand, GetRetentionQuery } from '@lib/retention';
import { DashboardPrincipal } from '@lib/identity';
import { requireManager } from '@lib/teams';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { ChooseRetentionDto } from './retention.dto';
import { RetentionModel } from './retention.model';

/** How long the team's personal data is kept: read it (any member), choose it (owner or admin). */
@DashboardController('dashboard/v1/retention')
export class RetentionController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly retention: AccountRetention,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'DashboardRetentionController_retention',
    summary: "The team's data retention in force and the bounds it may choose within",
  })
  @ApiEnvelope(RetentionModel)
  @ApiErrors(401)
  async show(@CurrentUser() user: DashboardPrincipal): Promise<RetentionModel> {
    const current = await this.queries.execute(new GetRetentionQuery(user.accountId));
    return { ...current, bounds: this.retention.bounds };
  }

  @Put()
  @ApiOperation({
    operationId: 'DashboardRetentionController_chooseRetention',
    summary:
      'Choose the retention (owner or admin): call history older than it is shredded within a day, a job’s files and results that long after it ended',
  })
  @ApiEnvelope(RetentionModel)
  @ApiErrors(400, 401, 403)
  async choose(@CurrentUser() user: DashboardPrincipal, @Body() body: ChooseRetentionDto): Promise<RetentionModel> {
    requireManager(user);
    const chosen = await this.commands.execute(
      new ChooseRetentionCommand(user.accountId, body.historyDays, body.jobFilesDays, user.userId),
    );
    return { ...chosen, bounds: this.retention.bounds };
  }
}
