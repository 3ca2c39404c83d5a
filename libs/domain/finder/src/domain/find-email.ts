import { FINDER_CALL_BUDGET_MS } from '@lib/config';
import { DEFAULT_MAX_CANDIDATES, generateCandidates } from './candidates/generate-candidates';
import { decideOutcome } from './decide-outcome';
import { CandidateProber, DomainFormatSource, ProbeOptions } from '../finder.ports';
import { notFound, type FinderOutcome, type OutcomeWithoutTiming } from './finder-outcome';
import { FinderInputError, validateFinderInput, type FinderInput } from './input/finder-input';
import { normaliseName } from './naming/normalise-name';
import { inferDomainFormats } from './patterns/infer-domain-format';

export interface EmailFinderOptions {
  /** Free consumer mailbox domains (gmail.com ...): refused before any probe. */
  isFreeDomain: (domain: string) => boolean;
  /**
   * Probes per call asked of the engine (default 16, every candidate). The engine holds a call to two
   * sessions' worth of the error budget it keeps for the domain's MX (8 a session, below Postfix's
   * soft error limit of 10, or less when the MX taught it so), so no session runs into the server's
   * error limits; see CANDIDATE_SESSIONS in libs/domain/verification-engine.
   */
  maxProbes?: number;
  /** Candidates generated per call (default 16: the ten common formats and their alternates). */
  maxCandidates?: number;
  /** Time budget per call in ms (default 10000), shared by the format lookup and the probes. */
  budgetMs?: number;
  /** A known format at least this strong is returned when the server will not answer (default 0.5: one matching address). */
  minFormatStrength?: number;
  /** Milliseconds from an arbitrary origin; injected so tests fix the clock. */
  now?: () => number;
}

const DEFAULTS = {
  maxProbes: DEFAULT_MAX_CANDIDATES,
  maxCandidates: DEFAULT_MAX_CANDIDATES,
  budgetMs: FINDER_CALL_BUDGET_MS,
  minFormatStrength: 0.5,
};

/** Finds the likeliest deliverable address of a person at a company domain. */
export class EmailFinder {
  private readonly settings: Required<EmailFinderOptions>;

  constructor(
    private readonly prober: CandidateProber,
    private readonly knownFormats: DomainFormatSource,
    options: EmailFinderOptions,
  ) {
    this.settings = { ...DEFAULTS, now: () => Date.now(), ...options };
  }

  /**
   * Validates the input (throws FinderInputError), refuses free domains and untransliterable
   * names without probing, ranks candidates with the domain's known format first, probes them in
   * one engine call that stops at the first ok, and decides the outcome (see decideOutcome).
   * `budgetMs` overrides the per-call time budget; `signal` stops probing (a cancelled finder job);
   * `lane` 'bulk' (finder jobs) lets API calls go first on a shared MX.
   */
  async find(
    input: FinderInput,
    call: { budgetMs?: number; signal?: AbortSignal; lane?: ProbeOptions['lane'] } = {},
  ): Promise<FinderOutcome> {
    const { now, isFreeDomain } = this.settings;
    const started = now();
    const budgetMs = call.budgetMs ?? this.settings.budgetMs;
    const timed = (outcome: OutcomeWithoutTiming): FinderOutcome => ({
      ...outcome,
      executionMs: Math.max(0, Math.round(now() - started)),
    });

    const { firstName, lastName, domain } = validateFinderInput(input);
    if (isFreeDomain(domain)) return timed(notFound('unsupported_free_domain'));
    const parsed = normaliseName(firstName, lastName);
    if (!parsed.ok) {
      if (parsed.rejection.reason === 'untransliterable_script') return timed(notFound('untransliterable_name'));
      throw new FinderInputError(parsed.rejection.field, parsed.rejection.message);
    }

    const formats = inferDomainFormats(domain, await this.knownFormats.knownAddresses(domain));
    const candidates = generateCandidates(parsed.name, { formats, max: this.settings.maxCandidates });
    if (candidates.length === 0) return timed(notFound('not_found'));

    const report = await this.prober.probeCandidates(
      domain,
      candidates.map((c) => c.localPart),
      {
        stopAtFirstOk: true,
        maxProbes: this.settings.maxProbes,
        deadlineMs: Math.max(0, budgetMs - (now() - started)),
        signal: call.signal,
        lane: call.lane,
      },
    );
    const { minFormatStrength } = this.settings;
    return timed(decideOutcome(report, { domain, candidates, formats, minFormatStrength }));
  }
}
