/**
 * The prober's ways out to mail servers (SMTP_ROUTES_FILE or SMTP_ROUTES; docs/production.md, "Egress routes"). Plain data,
 * validated once at start by readEgressRoutes; libs/domain/verification-engine builds one MX pool per route from it.
 */
/**
 * The single-route settings (SMTP_HELO_NAME, SMTP_MAIL_FROM, SMTP_EGRESS_ID, SMTP_PER_MX_CONCURRENCY,
 * SMTP_CONNECTS_PER_SECOND_PER_MX): the probe's own, and what a route takes from them when it does not say.
 */
export interface RouteDefaults {
  heloName: string;
  mailFrom: string;
  /**
   * Processes with the same id share one budget of sessions per MX address (in MongoDB when MONGO_URL is
   * set): one id per egress address the mail servers see. Default: the host name.
   */
  egressId: string;
  perMxConcurrency: number;
  connectsPerSecondPerMx: number;
}

export interface EgressRoutes {
  routes: EgressRoute[];
  /** In order, the first that matches a check chooses its routes; `defaultRoutes` otherwise. */
  rules: RoutingRule[];
  defaultRoutes: string[];
}

export interface CheckCaps {
  /** RCPTs (checks) a minute and a UTC day; null: no cap. */
  perMinute: number | null;
  perDay: number | null;
}

export interface EgressRoute {
  name: string;
  /** `direct`: this machine's network, from `localAddress` when set; `socks5`: through the proxy. */
  kind: 'direct' | 'socks5';
  localAddress: string | null;
  proxy: Socks5ProxySpec | null;
  heloName: string;
  mailFrom: string;
  /** The address mail servers see: routes (and processes) with the same id share one budget per MX. */
  egressId: string;
  perMxConcurrency: number;
  connectsPerSecondPerMx: number;
  caps: CheckCaps;
  /** Per provider (the playbook's names: google, microsoft365, yahoo, …). */
  providerCaps: Record<string, CheckCaps>;
}

export interface Socks5ProxySpec {
  host: string;
  port: number;
  username: string | null;
  password: string | null;
  timeoutMs: number;
}

/** Exactly one of provider, mxDomain or recipientDomain. */
export interface RoutingRule {
  provider?: string;
  mxDomain?: string;
  recipientDomain?: string;
  routes: string[];
}
