// Real SMTP and DNS servers on loopback that give every test address a known verdict.
import { MailPeers, startMailPeers } from '../peers/mail-peers';
import { accept, blocklist, reject } from '../peers/smtp-peer';

export type { MailPeers };

/** The MX of slow.test answers on this address, with its banner delayed by `slowBannerMs`. */
const SLOW_MX_IP = '127.0.0.2';

/**
 * alpha.test: alice and bob exist, nobody else (ok / invalid); beta.test accepts everyone (catch_all);
 * gamma.test rejects everyone (invalid); blocked.test answers 554 "blocklisted" (unknown, free);
 * slow.test is like alpha.test with s1..s3 (ok), held (unknown) and no one else, behind a slow banner.
 */
export function startClusterMailPeers(slowBannerMs = 0): Promise<MailPeers> {
  return startMailPeers(
    {
      'alpha.test': { default: reject(), recipients: { alice: accept(), bob: accept() } },
      'beta.test': { default: accept() },
      'gamma.test': { default: reject() },
      'blocked.test': { default: blocklist() },
      'slow.test': { default: reject(), recipients: { s1: accept(), s2: accept(), s3: accept(), held: blocklist() } },
    },
    {
      zones: { 'mx.slow.test': { a: [SLOW_MX_IP] } },
      smtp: { listen: ['127.0.0.1', SLOW_MX_IP], hosts: { [SLOW_MX_IP]: { bannerDelayMs: slowBannerMs } } },
      env: { SMTP_PREFLIGHT: 'false', SMTP_BANNER_TIMEOUT_MS: String(Math.max(2000, slowBannerMs * 3)) },
    },
  );
}
