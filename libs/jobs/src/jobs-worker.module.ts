import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@lib/config';
import { CreditsModule } from '@lib/credits';
import { APP_CONFIG } from '@lib/platform';
import { defaultVerificationConfig, VerificationEngine } from '@lib/verification';
import { JobDispatcher } from './dispatch-job/job-dispatcher';
import { JOB_VERIFICATION_ENGINE } from './jobs.tokens';
import { ChunkConsumers } from './process-chunk/chunk-consumers';
import { ChunkProcessor } from './process-chunk/chunk-processor';

/** The engine the job workers share, from validated configuration. */
export function jobVerificationEngine(config: AppConfig): VerificationEngine {
  const { probe } = config;
  return new VerificationEngine({
    ...defaultVerificationConfig(),
    dnsServers: probe.dnsServers ?? undefined, smtpPort: probe.smtpPort, heloName: probe.heloName, mailFrom: probe.mailFrom,
    connectTimeoutMs: probe.connectTimeoutMs, bannerTimeoutMs: probe.bannerTimeoutMs, commandTimeoutMs: probe.commandTimeoutMs,
    greylistDelaysMs: probe.greylistDelaysMs, interactiveBudgetMs: probe.interactiveBudgetMs, perMxConcurrency: probe.perMxConcurrency,
    allowPrivateNetworks: probe.allowPrivateNetworks, sessionReuse: probe.sessionReuse,
  });
}

/** The worker role's part of bulk jobs: dispatching new jobs and verifying their chunks. */
@Module({
  imports: [CreditsModule],
  providers: [
    { provide: JOB_VERIFICATION_ENGINE, inject: [APP_CONFIG], useFactory: jobVerificationEngine },
    ChunkProcessor, ChunkConsumers, JobDispatcher,
  ],
})
export class JobsWorkerModule implements OnApplicationShutdown {
  constructor(@Inject(JOB_VERIFICATION_ENGINE) private readonly engine: VerificationEngine) {}

  async onApplicationShutdown(): Promise<void> {
    await this.engine.close();
  }
}
