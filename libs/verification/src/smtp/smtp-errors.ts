/** Transport-level failures; each maps to one subResult. */
export type SmtpFailureKind =
  | 'connect_refused'
  | 'connect_timeout'
  | 'banner_timeout'
  | 'command_timeout'
  | 'connection_closed'
  | 'tls_failed'
  | 'network_error';

export class SmtpTransportError extends Error {
  constructor(
    readonly kind: SmtpFailureKind,
    message: string,
  ) {
    super(message);
  }
}
