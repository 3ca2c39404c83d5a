import type { Provider } from '@nestjs/common';
import { isFreeProvider, VerificationEngine } from '@lib/verification-engine';
import { EmailFinder } from './domain/find-email';
import { CandidateProber, DomainFormatSource } from './finder.ports';
import { KnownAddressesReadModel } from './known-addresses/known-addresses.read-model';
import { EmailFinders } from './test-mode/email-finders';
import { MagicCandidateProber } from './test-mode/magic-candidate-prober';
import { MagicDomainFormats } from './test-mode/magic-domain-formats';

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
  {
    // Test accounts look up through the magic domain table and its own format record (docs/test-mode.md).
    provide: EmailFinders,
    inject: [EmailFinder],
    useFactory: (live: EmailFinder) =>
      new EmailFinders({
        live,
        test: new EmailFinder(new MagicCandidateProber(), new MagicDomainFormats(), { isFreeDomain: isFreeProvider }),
      }),
  },
];
