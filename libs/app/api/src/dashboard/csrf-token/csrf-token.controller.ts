import { Get, Inject, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { newSecretToken } from '@lib/identity';
import { API_CONFIG, type ApiConfig } from '../../api.config';
import { ApiEnvelope } from '@lib/http-host';
import { Anonymous } from '../session/dashboard.decorators';
import { CSRF_COOKIE, setCookies } from '../session/dashboard-cookies';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { CsrfModel } from './csrf.model';

/** The double-submit CSRF token every anonymous form (sign-up, sign-in, links from mails) sends back. */
@DashboardController('dashboard/v1', 'anonymous')
export class CsrfTokenController {
  constructor(@Inject(API_CONFIG) private readonly config: ApiConfig) {}

  @Get('csrf')
  @Anonymous()
  @ApiOperation({
    operationId: 'DashboardAuthController_csrf',
    summary: 'A CSRF token for the anonymous forms (also set as the mc_csrf cookie); send it back in X-CSRF-Token',
  })
  @ApiEnvelope(CsrfModel)
  csrf(@Res({ passthrough: true }) reply: FastifyReply) {
    const csrfToken = newSecretToken();
    setCookies(reply, this.config.dashboard.secureCookies, [
      { name: CSRF_COOKIE, value: csrfToken, httpOnly: false, maxAgeSeconds: 24 * 3600 },
    ]);
    return { csrfToken };
  }
}
