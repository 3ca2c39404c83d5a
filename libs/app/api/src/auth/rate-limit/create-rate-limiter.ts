import { AppConfig } from '@lib/config';
import type { ApiConfig } from '../../api.config';
import { openSlotStore } from '@lib/slots';
import { RateGrants } from './rate-grants';
import { RateLimits } from '../rate-limits';
import { SharedRateLimiter } from './shared-rate-limiter';

/**
 * The buckets of this api process's limits (per key, per account, on the dashboard, and the admin token's
 * wrong guesses per address): on MongoDB when MONGO_URL is set, so every replica spends the same buckets;
 * in memory otherwise, where DATA_DIR's lock makes this the only api process.
 */
export function createRateGrants(config: Pick<AppConfig, 'mongoUrl' | 'mongoDatabase'>): RateGrants {
  const { mongoUrl, mongoDatabase } = config;
  return new RateGrants(openSlotStore({ mongoUrl, mongoDatabase, collection: 'slots_rate_grants' }));
}

/**
 * The limiters of this api process: on a shared store each takes tokens in blocks of up to 5% of its burst,
 * to spare the store a round trip per request; in memory a token per request (exact).
 */
export function createRateLimits(config: ApiConfig, grants: RateGrants): RateLimits {
  const limiter = ({ perSecond, burst }: { perSecond: number; burst: number }) => {
    const maxBlock = grants.remote ? Math.max(1, Math.floor(burst / 20)) : 1;
    return new SharedRateLimiter(grants, { perSecond, burst, maxBlock });
  };
  const { rateLimit, publishableRateLimit: publishable } = config;
  // "N per period": a burst of N, refilled evenly over the period (GCRA), so no boundary lets 2N through. A token
  // at a time (exact): a block's unspent tokens would be lost for up to a day, and these calls are few per key.
  const per = (count: number, seconds: number) =>
    new SharedRateLimiter(grants, { perSecond: count / seconds, burst: count, maxBlock: 1 });
  return new RateLimits(
    {
      perKey: limiter(rateLimit),
      perAccount: limiter(rateLimit.account),
      dashboard: limiter(rateLimit.dashboard),
      publishable: {
        perVisitor: per(publishable.perVisitorPerMinute, 60),
        perKeyPerMinute: per(publishable.perKeyPerMinute, 60),
        perKeyPerDay: per(publishable.perKeyPerDay, 86_400),
      },
    },
    config.throttleIpv6PrefixLength,
  );
}
