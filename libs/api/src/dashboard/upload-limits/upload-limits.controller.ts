import { Get, Inject } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { AppConfig } from '@lib/config';
import { APP_CONFIG } from '@lib/platform';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { UploadLimitsModel } from './upload-limits.model';

/** The list-upload limits read from configuration: the web app shows them and refuses a file over them before sending it. */
@DashboardController('dashboard/v1')
export class UploadLimitsController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('limits')
  @ApiOperation({
    operationId: 'DashboardLimitsController_limits',
    summary: 'The limits of a list upload (verification and finder jobs) this server enforces',
  })
  @ApiEnvelope(UploadLimitsModel)
  @ApiErrors(401)
  limits(): UploadLimitsModel {
    return { maxUploadBytes: this.config.jobs.maxUploadBytes, maxUniqueEmails: this.config.jobs.maxUniqueEmails };
  }
}
