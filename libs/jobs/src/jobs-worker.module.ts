import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@lib/config';
import { CreditsModule } from '@lib/credits';
import { APP_CONFIG } from '@lib/platform';
import { defaultVerificationConfig, VerificationEngine } from '@lib/verification';
import { JobDispatcher } from './dispatch-job/job-dispatcher';
import { JOB_VERIFICATION_ENGINE } from './jobs.tokens';
import { ChunkConsumers } from './process-chunk/chunk-consumers';
import { ChunkProcessor } from './process-chunk/chunk-processor';

interface EngineHandle {
  engine: VerificationEngine;
  owned: boolean;
}

/**
 * The process's engine when another module provides one (VerificationEngineModule in the api and worker
 * roles), so every probe shares one per-MX session pool and its concurrency limit; otherwise one built here.
 * Injected, not looked up with ModuleRef: a lookup can run before that provider is instantiated and
 * returns null in a worker-only process.
 */
function engineHandle(shared: VerificationEngine | undefined, config: AppConfig): EngineHandle {
  if (shared) return { engine: shared, owned: false };
  const { probe } = config;
  const engine = new VerificationEngine({
    ...defaultVerificationConfig(),
    dnsServers: probe.dnsServers ?? undefined, smtpPort: probe.smtpPort, heloName: probe.heloName, mailFrom: probe.mailFrom,
    connectTimeoutMs: probe.connectTimeoutMs, bannerTimeoutMs: probe.bannerTimeoutMs, commandTimeoutMs: probe.commandTimeoutMs,
    greylistDelaysMs: probe.greylistDelaysMs, interactiveBudgetMs: probe.interactiveBudgetMs, perMxConcurrency: probe.perMxConcurrency,
    allowPrivateNetworks: probe.allowPrivateNetworks, sessionReuse: probe.sessionReuse,
  });
  return { engine, owned: true };
}

const ENGINE_HANDLE = Symbol('JOB_ENGINE_HANDLE');

/** The worker role's part of bulk jobs: dispatching new jobs and verifying their chunks. */
@Module({
  imports: [CreditsModule],
  providers: [
    { provide: ENGINE_HANDLE, inject: [{ token: VerificationEngine, optional: true }, APP_CONFIG], useFactory: engineHandle },
    { provide: JOB_VERIFICATION_ENGINE, inject: [ENGINE_HANDLE], useFactory: (handle: EngineHandle) => handle.engine },
    ChunkProcessor, ChunkConsumers, JobDispatcher,
  ],
})
export class JobsWorkerModule implements OnApplicationShutdown {
  constructor(@Inject(ENGINE_HANDLE) private readonly handle: EngineHandle) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.handle.owned) await this.handle.engine.close();
  }
}
