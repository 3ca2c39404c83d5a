import { VerificationConfig } from '../verification.types';
import { SmtpConnection } from './smtp-connection';
import { SmtpTransportError } from './smtp-errors';

// A large public MX that always answers on port 25 when outbound SMTP is allowed.
const DEFAULT_PREFLIGHT_HOST = 'gmail-smtp-in.l.google.com';

/**
 * Port-25 reachability check for service start. Many clouds and ISPs block outbound port 25,
 * which would turn every probe into `unknown/timeout`; this says so once, loudly.
 */
export async function smtpPreflight(
  config: VerificationConfig, host: string = DEFAULT_PREFLIGHT_HOST, log: (message: string) => void = (m) => console.warn(m),
): Promise<{ reachable: boolean; detail: string }> {
  let connection: SmtpConnection | null = null;
  try {
    connection = await SmtpConnection.open(host, config.smtpPort, config);
    const banner = await connection.readBanner();
    return { reachable: true, detail: `${host}:${config.smtpPort} answered ${banner.code} ${banner.text}`.trim() };
  } catch (error) {
    const kind = error instanceof SmtpTransportError ? error.kind : 'network_error';
    const detail = `outbound SMTP to ${host}:${config.smtpPort} failed (${kind}: ${(error as Error).message}); ` +
      'port 25 is probably blocked by the network, and mailbox probes will end as unknown/timeout';
    log(`[verification] SMTP preflight: ${detail}`);
    return { reachable: false, detail };
  } finally {
    connection?.destroy();
  }
}
