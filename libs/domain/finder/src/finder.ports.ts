import type { CandidateProbe, CandidateProbeReport } from '@lib/verification-engine';

/**
 * The verification engine's report for one domain and a list of local parts, declared once by the
 * engine (libs/domain/verification-engine), so the engine is passed in as the prober directly.
 */
export type { CandidateProbe, CandidateProbeReport };

export interface ProbeOptions {
  stopAtFirstOk: boolean;
  maxProbes: number;
  /** Milliseconds the engine may spend on this call (what is left of the finder's budget). */
  deadlineMs: number;
  /** Aborted when the work is no longer wanted (a cancelled job): no probe is started after it. */
  signal?: AbortSignal;
  /** 'bulk' for finder jobs, so API calls on the same MX are served first; API calls leave it out (interactive). */
  lane?: 'interactive' | 'bulk';
}

/** The verification engine as the finder needs it: probe a domain's candidate mailboxes, ideally in one SMTP session. */
export abstract class CandidateProber {
  /**
   * Resolves the domain's mail set-up and probes the local parts in the given order, stopping at
   * the first `ok` when asked, after `maxProbes` probes, or when `deadlineMs` has run out. Probes not
   * made are simply absent from the report.
   */
  abstract probeCandidates(domain: string, localParts: string[], options: ProbeOptions): Promise<CandidateProbeReport>;
}

/** An address found or verified earlier on a domain, with the name of the person it belonged to. */
export interface KnownAddressRecord {
  email: string;
  /** Null for a contact looked up by last name alone. */
  firstName: string | null;
  lastName: string | null;
}

/** Earlier addresses on a domain (the event store has them), from which its mailbox format is inferred. */
export abstract class DomainFormatSource {
  /** Addresses found or verified as deliverable on `domain` (lower-case ASCII), with their owners' names; empty when none. */
  abstract knownAddresses(domain: string): Promise<KnownAddressRecord[]>;
}
