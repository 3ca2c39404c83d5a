import type { EgressRoute } from '@lib/config';
import { DomainProber } from '../engine/domain-prober';
import type { ProberSettings } from '../engine/prober-settings';
import { MxPool } from '../smtp/mx-pool';
import type { AdaptiveSettings } from '../smtp/mx-limits';
import type { MxSlots } from '../smtp/mx-slots';
import { SharedMxBudget } from '../smtp/shared-mx-budget';
import { SmtpEgress } from '../smtp/smtp-egress';
import type { SessionOptions } from '../smtp/smtp-session';
import type { VerificationObserver } from '../verification-observer';
import { Dial, directDial } from './dial';
import { RouteQuota } from './route-quota';
import { isProxyFailure, type ProxyFailureKind, SmtpTransportError } from '../smtp/smtp-errors';
import { socks5Check, socks5Dial, type Socks5Proxy } from './socks5-dial';

/** What every route shares: the engine's timeouts, adaptive limits and prober settings, and the shared slots. */
export interface RouteContext {
  adaptive: Omit<AdaptiveSettings, 'concurrencyCeiling' | 'connectsPerSecond'>;
  timeouts: Pick<SessionOptions, 'connectTimeoutMs' | 'bannerTimeoutMs' | 'commandTimeoutMs'>;
  prober: ProberSettings;
  sessionReuse: boolean;
  slots: MxSlots;
  clock: () => number;
  observer: VerificationObserver;
}

/**
 * One way out to mail servers, ready to probe: its own session pool (its HELO name and MAIL FROM, its
 * per-MX ceilings, its share of the per-MX budget under its egress id: mail servers count and limit by
 * the address they see), its port-25 state, and its caps of checks.
 */
export class ProbeRoute {
  readonly name: string;
  /** The MX port probed (25; another in labs). */
  readonly port: number;
  readonly dial: Dial;
  readonly pool: MxPool;
  readonly prober: DomainProber;
  /** Whether port 25 is open through this route, as its preflight last found. */
  readonly egress = new SmtpEgress();
  readonly quota: RouteQuota;
  private readonly proxy: Socks5Proxy | null;

  constructor(
    readonly spec: EgressRoute,
    context: RouteContext,
  ) {
    this.name = spec.name;
    this.port = context.prober.port;
    this.proxy = spec.proxy
      ? { ...spec.proxy, username: spec.proxy.username ?? undefined, password: spec.proxy.password ?? undefined }
      : null;
    this.dial = this.proxy ? socks5Dial(this.proxy) : directDial(spec.localAddress ?? undefined);
    const observer = withRoute(context.observer, spec.name);
    this.pool = new MxPool(
      {
        ...context.adaptive,
        concurrencyFloor: Math.min(spec.perMxConcurrency, context.adaptive.concurrencyFloor),
        concurrencyCeiling: spec.perMxConcurrency,
        connectsPerSecond: spec.connectsPerSecondPerMx,
      },
      context.sessionReuse,
      {
        ...context.timeouts,
        heloName: spec.heloName,
        mailFrom: spec.mailFrom,
        port: context.prober.port,
        tls: true,
        dial: this.dial,
      },
      context.clock,
      observer,
      new SharedMxBudget(context.slots, spec.egressId),
    );
    this.prober = new DomainProber(this.pool, context.prober, context.clock, observer, this.egress);
    this.quota = new RouteQuota(spec.caps, spec.providerCaps, context.clock);
  }

  /** For a SOCKS5 route, why its proxy cannot carry connections now (null: it answers); null for a direct route. */
  async proxyFailure(): Promise<ProxyFailureKind | null> {
    if (!this.proxy) return null;
    try {
      await socks5Check(this.proxy);
      return null;
    } catch (error) {
      return error instanceof SmtpTransportError && isProxyFailure(error.kind) ? error.kind : 'proxy_unreachable';
    }
  }

  /** The proxy's password never leaves the process: this is what logs, /ready and the admin view show. */
  describe(): { name: string; kind: string; via: string; egressId: string; heloName: string; mailFrom: string } {
    const { spec } = this;
    const via = spec.proxy
      ? `socks5://${spec.proxy.username ? `${spec.proxy.username}:***@` : ''}${spec.proxy.host}:${spec.proxy.port}`
      : (spec.localAddress ?? 'default source address');
    return {
      name: spec.name,
      kind: spec.kind,
      via,
      egressId: spec.egressId,
      heloName: spec.heloName,
      mailFrom: spec.mailFrom,
    };
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}

/** The engine's observer, also told which route each connection went out on. */
function withRoute(observer: VerificationObserver, route: string): VerificationObserver {
  const routed: VerificationObserver = Object.create(observer);
  routed.sessionOpened = (provider) => {
    observer.sessionOpened(provider);
    observer.routeSessionOpened(route, provider);
  };
  return routed;
}
