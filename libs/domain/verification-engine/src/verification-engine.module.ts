import { Global, Inject, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig, ProbeConfig } from '@lib/config';
import { provideAdapter, provideConfigSlice } from '@lib/platform';
import { HostResolver } from './dns/host-resolver';
import { VerificationEngine } from './engine/verification-engine';
import { openSlotStore } from '@lib/slots';
import { SmtpEgressMonitor } from './smtp-egress-monitor';
import { MxSlots } from './smtp/mx-slots';
import type { VerificationObserver } from './verification-observer';
import { MagicVerifier } from './test-mode/magic-verifier';
import { Verifiers } from './test-mode/verifiers';

/**
 * The process's observer of the engine (its metrics), when it has one: the port this lib reports through.
 * The app's wiring (libs/app/roles) implements VerificationObserver and provides it under this token.
 */
export const VERIFICATION_OBSERVER = Symbol('VERIFICATION_OBSERVER');

/** DI token of the probe slice (a type, so it needs a token): what the engine and the port-25 preflight read. */
const PROBE_CONFIG = Symbol('PROBE_CONFIG');

/**
 * Where this process shares its per-MX session slots: MongoDB when MONGO_URL is set, so every worker with
 * the same SMTP_EGRESS_ID keeps one budget per MX; process memory otherwise (DATA_DIR's lock makes this
 * the only process).
 */
function createMxSlots(config: Pick<AppConfig, 'mongoUrl' | 'mongoDatabase'>): MxSlots {
  const { mongoUrl, mongoDatabase } = config;
  return new MxSlots(openSlotStore({ mongoUrl, mongoDatabase, collection: 'slots_smtp_mx' }));
}

/**
 * One engine per process: it owns the DNS and catch-all caches and the per-MX SMTP session pool,
 * so every role that probes (api, worker) must share it rather than build its own.
 */
@Global()
@Module({
  providers: [
    provideConfigSlice(PROBE_CONFIG, (config): ProbeConfig => config.probe),
    provideAdapter(MxSlots, createMxSlots),
    {
      provide: VerificationEngine,
      useFactory: (probe: ProbeConfig, mxSlots: MxSlots, observer?: VerificationObserver) =>
        new VerificationEngine({ ...probe, mxSlots, observer }),
      inject: [PROBE_CONFIG, MxSlots, { token: VERIFICATION_OBSERVER, optional: true }],
    },
    {
      // Test accounts are answered from the magic table, live ones by the engine (docs/test-mode.md).
      provide: Verifiers,
      useFactory: (engine: VerificationEngine) => new Verifiers({ live: engine, test: new MagicVerifier() }),
      inject: [VerificationEngine],
    },
    {
      // The process's one resolver for host names (webhook URL checks use it too): DNS_SERVERS when set.
      provide: HostResolver,
      useFactory: (engine: VerificationEngine) => engine.resolver,
      inject: [VerificationEngine],
    },
  ],
  exports: [VerificationEngine, Verifiers, HostResolver],
})
export class VerificationEngineModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(VerificationEngine) private readonly engine: VerificationEngine,
    @Inject(PROBE_CONFIG) private readonly probe: ProbeConfig,
    @Inject(MxSlots) private readonly mxSlots: MxSlots,
  ) {}

  private egressMonitor?: SmtpEgressMonitor;

  /** Port-25 check in the background: start-up is not delayed; while blocked, public MX probes answer port_25_blocked at once. */
  onApplicationBootstrap(): void {
    if (!this.probe.preflight) return;
    this.egressMonitor = new SmtpEgressMonitor(this.engine, this.probe, this.probe.preflightHost ?? undefined);
    this.egressMonitor.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.egressMonitor?.stop();
    await this.engine.close();
    await this.mxSlots.close();
  }
}
