import type { Provider } from '@nestjs/common';
import { isFreeProvider, VerificationEngine } from '@lib/verification';
import { EmailFinder } from './domain/find-email';
import { CandidateProber, DomainFormatSource } from './finder.ports';
import { KnownAddressesReadModel } from './known-addresses/known-addresses.read-model';

/**
 * The finder probes through the process's one VerificationEngine (provided globally by the app), so
 * DNS and catch-all caches and per-MX connection limits are shared with verification.
 */
export const finderEngineProviders: Provider[] = [
  { provide: CandidateProber, useExisting: VerificationEngine },
  { provide: DomainFormatSource, useClass: KnownAddressesReadModel },
  {
    provide: EmailFinder,
    inject: [CandidateProber, DomainFormatSource],
    useFactory: (prober: CandidateProber, formats: DomainFormatSource) =>
      new EmailFinder(prober, formats, { isFreeDomain: isFreeProvider }),
  },
];
