import { Get, Inject } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { API_CONFIG, type ApiConfig } from '../../api.config';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { UploadLimitsModel } from './upload-limits.model';

/** The list-upload limits read from configuration: the web app shows them and refuses a file over them before sending it. */
@DashboardController('dashboard/v1')
export class UploadLimitsController {
  constructor(@Inject(API_CONFIG) private readonly config: ApiConfig) {}

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
