import { Logger, type Provider } from '@nestjs/common';
import type { AppConfig } from '@lib/config';
import { jobVerificationEngine } from '@lib/jobs';
import { APP_CONFIG } from '@lib/platform';
import { isFreeProvider, VerificationEngine } from '@lib/verification';
import { EmailFinder } from '../find-email';
import { CandidateProber, DomainFormatSource } from '../finder.ports';
import { KnownAddressesReadModel } from './known-addresses/known-addresses.read-model';

/** Marks an engine this module had to build itself, so it closes it at shutdown (a shared one is closed by its owner). */
export class OwnedProber {
  constructor(readonly engine: VerificationEngine | null) {}
}

/**
 * The finder probes through the process's VerificationEngine when a module provides one, so DNS and
 * catch-all caches and per-MX connection limits are shared with verification. A process without one
 * (no verification module imported) gets an engine of its own from the same configuration.
 */
export const finderEngineProviders: Provider[] = [
  {
    provide: OwnedProber,
    inject: [APP_CONFIG, { token: VerificationEngine, optional: true }],
    useFactory: (config: AppConfig, shared?: VerificationEngine) => {
      if (shared) return new OwnedProber(null);
      new Logger('finder').debug('no shared VerificationEngine provided; the finder uses its own');
      return new OwnedProber(jobVerificationEngine(config));
    },
  },
  {
    provide: CandidateProber,
    inject: [OwnedProber, { token: VerificationEngine, optional: true }],
    useFactory: (owned: OwnedProber, shared?: VerificationEngine): CandidateProber => (shared ?? owned.engine) as VerificationEngine,
  },
  { provide: DomainFormatSource, useClass: KnownAddressesReadModel },
  {
    provide: EmailFinder,
    inject: [CandidateProber, DomainFormatSource],
    useFactory: (prober: CandidateProber, formats: DomainFormatSource) => new EmailFinder(prober, formats, { isFreeDomain: isFreeProvider }),
  },
];
