import { HostResolver } from '../dns/host-resolver';
import { VerificationConfig } from '../verification.config';
import { Dial, directDial } from '../egress/dial';
import { SmtpConnection } from './smtp-connection';
import { SmtpFailureKind, SmtpTransportError } from './smtp-errors';
import type { SmtpEgressState } from './smtp-egress';

// A large public MX that always answers on port 25 when outbound SMTP is allowed.
const DEFAULT_PREFLIGHT_HOST = 'gmail-smtp-in.l.google.com';

// Failures that mean the network stops outbound SMTP (a proxy refusing port 25 included); anything else
// (no DNS, a proxy that is down) proves nothing about port 25 either way.
const BLOCKED_KINDS: ReadonlySet<SmtpFailureKind> = new Set<SmtpFailureKind>([
  'connect_refused',
  'connect_timeout',
  'banner_timeout',
  'proxy_refused',
]);

/**
 * Port-25 reachability check for service start. Many clouds and ISPs block outbound port 25,
 * which would turn every probe into `unknown/timeout`; this says so once, loudly.
 */
export async function smtpPreflight(
  config: VerificationConfig,
  host: string = DEFAULT_PREFLIGHT_HOST,
  log: (message: string) => void = (m) => console.warn(m),
  resolver: HostResolver = HostResolver.fromServers(config.dnsServers, config.dnsTimeoutMs),
  dial: Dial = directDial(),
): Promise<{ reachable: boolean; state: SmtpEgressState; detail: string; failure?: SmtpFailureKind }> {
  let connection: SmtpConnection | null = null;
  try {
    // The host is resolved like every other name in the process: through DNS_SERVERS when configured.
    const addresses = await resolver.resolve(host);
    const address = (addresses.find((a) => a.family === 4) ?? addresses[0]).address;
    connection = await SmtpConnection.open(address, config.smtpPort, config, dial);
    const banner = await connection.readBanner();
    return {
      reachable: true,
      state: 'open',
      detail: `${host}:${config.smtpPort} answered ${banner.code} ${banner.text}`.trim(),
    };
  } catch (error) {
    const kind: SmtpFailureKind = error instanceof SmtpTransportError ? error.kind : 'network_error';
    const blocked = BLOCKED_KINDS.has(kind);
    const detail =
      `outbound SMTP to ${host}:${config.smtpPort} failed (${kind}: ${(error as Error).message}); ` +
      (blocked
        ? 'port 25 is blocked by the network: probes of public mail servers answer unknown/port_25_blocked until a later check gets through'
        : 'the check could not tell whether port 25 is open; probes go ahead');
    log(`[verification] SMTP preflight: ${detail}`);
    return { reachable: false, state: blocked ? 'blocked' : 'unknown', detail, failure: kind };
  } finally {
    connection?.destroy();
  }
}
