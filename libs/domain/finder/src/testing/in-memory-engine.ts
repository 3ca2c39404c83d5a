import {
  CandidateProber,
  DomainFormatSource,
  type CandidateProbe,
  type CandidateProbeReport,
  type KnownAddressRecord,
  type ProbeOptions,
} from '../finder.ports';

/** How a fake domain behaves: which mailboxes exist and what the engine learns about it. */
export interface FakeDomain {
  mailboxes?: string[];
  catchAll?: boolean | null;
  /** What each probe says on a catch-all domain; some servers simply say ok to everything. */
  catchAllProbeResult?: 'catch_all' | 'ok';
  /** Every probe comes back unknown (greylisting, blocking): the server will not say. */
  unverifiable?: boolean;
  mailAccepting?: boolean;
  reason?: string;
  free?: boolean;
  disposable?: boolean;
  provider?: string;
}

/**
 * A hand-written stand-in for the verification engine (another team's port): answers from a table
 * of fake domains, honours stopAtFirstOk and maxProbes, and advances the shared clock per probe.
 */
export class InMemoryEngine extends CandidateProber {
  readonly calls: Array<{ domain: string; localParts: string[]; options: ProbeOptions }> = [];

  constructor(
    private readonly domains: Record<string, FakeDomain>,
    private readonly clock: { advance(ms: number): void },
    private readonly msPerProbe = 40,
  ) {
    super();
  }

  async probeCandidates(domain: string, localParts: string[], options: ProbeOptions): Promise<CandidateProbeReport> {
    this.calls.push({ domain, localParts, options });
    const fake = this.domains[domain] ?? { mailAccepting: false, reason: 'nxdomain' };
    const mailAccepting = fake.mailAccepting ?? true;
    const report = {
      domain,
      mailAccepting,
      ...(fake.reason ? { reason: fake.reason } : {}),
      catchAll: mailAccepting ? (fake.catchAll ?? false) : null,
      provider: fake.provider ?? '',
      antiSpam: false,
      free: fake.free ?? false,
      disposable: fake.disposable ?? false,
      probes: [] as CandidateProbe[],
    };
    if (!mailAccepting) return report;
    for (const localPart of localParts.slice(0, options.maxProbes)) {
      this.clock.advance(this.msPerProbe);
      const result = fake.unverifiable
        ? 'unknown'
        : fake.catchAll
          ? (fake.catchAllProbeResult ?? 'catch_all')
          : fake.mailboxes?.includes(localPart)
            ? 'ok'
            : 'invalid';
      report.probes.push({
        localPart,
        email: `${localPart}@${domain}`,
        result,
        subResult: result === 'unknown' ? 'greylisted' : null,
      });
      if (result === 'ok' && options.stopAtFirstOk) break;
    }
    return report;
  }
}

/** Earlier found addresses per domain, as the event store would return them. */
export class InMemoryKnownAddresses extends DomainFormatSource {
  constructor(private readonly byDomain: Record<string, KnownAddressRecord[]> = {}) {
    super();
  }

  async knownAddresses(domain: string): Promise<KnownAddressRecord[]> {
    return this.byDomain[domain] ?? [];
  }
}
