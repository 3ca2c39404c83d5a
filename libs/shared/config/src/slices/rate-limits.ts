import type { EnvReader } from '../env-parsers';

/**
 * Token buckets: perSecond/burst per API key (per signed-in user on /v1), `account` per account over all
 * its keys and users together, `dashboard` per signed-in user (per client address when anonymous) on /dashboard/v1.
 */
export interface RateLimitConfig {
  perSecond: number;
  burst: number;
  account: { perSecond: number; burst: number };
  dashboard: { perSecond: number; burst: number };
}

/**
 * Publishable keys (mck_pub_, in web pages) spend these buckets beside the key's and the account's, per
 * minute or per day (a burst of the number, refilled over the period): per visitor of one key (its
 * client address, an IPv6 one by its throttleIpv6PrefixLength prefix), per key per minute, per key per day.
 */
export interface PublishableRateLimitConfig {
  perVisitorPerMinute: number;
  perKeyPerMinute: number;
  perKeyPerDay: number;
}

/** The account's bucket defaults to the key's: unset, an account has the documented per-key rate whatever its number of keys. */
export function readRateLimits(r: EnvReader): RateLimitConfig {
  const perSecond = r.int('RATE_LIMIT_PER_SECOND', 50, 1, 1_000_000);
  const burst = r.int('RATE_LIMIT_BURST', 100, 1, 1_000_000);
  return {
    perSecond,
    burst,
    account: {
      perSecond: r.int('RATE_LIMIT_ACCOUNT_PER_SECOND', perSecond, 1, 1_000_000),
      burst: r.int('RATE_LIMIT_ACCOUNT_BURST', burst, 1, 1_000_000),
    },
    dashboard: {
      perSecond: r.int('DASHBOARD_RATE_LIMIT_PER_SECOND', 20, 1, 1_000_000),
      burst: r.int('DASHBOARD_RATE_LIMIT_BURST', 60, 1, 1_000_000),
    },
  };
}

export function readPublishableRateLimits(r: EnvReader): PublishableRateLimitConfig {
  return {
    perVisitorPerMinute: r.int('PUBLISHABLE_RATE_LIMIT_PER_VISITOR_PER_MINUTE', 10, 1, 1_000_000),
    perKeyPerMinute: r.int('PUBLISHABLE_RATE_LIMIT_PER_MINUTE', 120, 1, 1_000_000),
    perKeyPerDay: r.int('PUBLISHABLE_RATE_LIMIT_PER_DAY', 10_000, 1, 100_000_000),
  };
}
