/** Transport-level failures; each maps to one subResult. */
export type SmtpFailureKind =
  | 'connect_refused'
  | 'connect_timeout'
  | 'banner_timeout'
  | 'command_timeout'
  | 'connection_closed'
  | 'tls_failed'
  | 'network_error'
  | ProxyFailureKind;

/**
 * A SOCKS5 route that cannot carry the connection: the proxy is down (`proxy_unreachable`), refuses our
 * credentials (`proxy_auth_failed`), refuses to connect to the MX (`proxy_refused`: SOCKS replies 0x02
 * "not allowed by ruleset" and 0x05 "connection refused", which on port 25 means the proxy's own network
 * blocks it) or does not answer in time (`proxy_timeout`). They say nothing about the MX or the mailbox:
 * the route is taken out and the address probed on another one (libs/domain/verification-engine/src/egress).
 */
export type ProxyFailureKind = 'proxy_unreachable' | 'proxy_auth_failed' | 'proxy_refused' | 'proxy_timeout';

export const PROXY_FAILURES: ReadonlySet<ProxyFailureKind> = new Set<ProxyFailureKind>([
  'proxy_unreachable',
  'proxy_auth_failed',
  'proxy_refused',
  'proxy_timeout',
]);

export const isProxyFailure = (kind: string | undefined): kind is ProxyFailureKind =>
  PROXY_FAILURES.has(kind as ProxyFailureKind);

export class SmtpTransportError extends Error {
  constructor(
    readonly kind: SmtpFailureKind,
    message: string,
  ) {
    super(message);
  }
}
