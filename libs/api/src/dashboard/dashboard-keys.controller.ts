import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { DashboardPrincipal } from '@lib/identity';
import { CreateKeyDto } from '../admin/admin.dto';
import { ApiEnvelope, ApiErrors } from '../docs/api-envelope.decorators';
import { CurrentUser, DashboardRoute } from './dashboard.decorators';
import { DashboardKeysService } from './dashboard-keys.service';
import { DashboardSessionGuard } from './dashboard-session.guard';
import { CreatedKeyModel, RevokedKeyModel, RotatedKeyModel, TeamKeyListModel } from './dashboard-keys.models';

/** The team's API keys: create (secret shown once), list, revoke, rotate. */
@ApiTags('dashboard')
@ApiSecurity('session')
@DashboardRoute()
@UseGuards(DashboardSessionGuard)
@Controller('dashboard/v1/keys')
export class DashboardKeysController {
  constructor(private readonly keys: DashboardKeysService) {}

  @Get()
  @ApiOperation({
    summary: "The team's keys, newest first, with created / last-used time (to the minute) and the user who made each",
  })
  @ApiEnvelope(TeamKeyListModel)
  @ApiErrors(401)
  async list(@CurrentUser() user: DashboardPrincipal) {
    return { items: await this.keys.list(user) };
  }

  @Post()
  @ApiOperation({ summary: "Create a key that spends the team's balance; the secret is in this answer only" })
  @ApiEnvelope(CreatedKeyModel, 201)
  @ApiErrors(400, 401, 403)
  create(@CurrentUser() user: DashboardPrincipal, @Body() body: CreateKeyDto) {
    return this.keys.create(user, body.label ?? 'API key');
  }

  @Delete(':keyId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke a key; it answers 401 in every process once this returns' })
  @ApiEnvelope(RevokedKeyModel)
  @ApiErrors(400, 401, 403, 404)
  revoke(@CurrentUser() user: DashboardPrincipal, @Param('keyId') keyId: string) {
    return this.keys.revoke(user, keyId);
  }

  @Post(':keyId/rotate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Replace the secret (shown once); the old one stops working once this returns' })
  @ApiEnvelope(RotatedKeyModel)
  @ApiErrors(400, 401, 403, 404)
  rotate(@CurrentUser() user: DashboardPrincipal, @Param('keyId') keyId: string) {
    return this.keys.rotate(user, keyId);
  }
}
