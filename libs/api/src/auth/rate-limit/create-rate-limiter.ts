import { AppConfig } from '@lib/config';
import { MemoryRateGrants } from './embedded/memory-rate-grants';
import { MongoRateGrants } from './mongo/mongo-rate-grants';
import { SharedRateLimiter } from './shared-rate-limiter';

/**
 * The per-key limiter of this api process: on MongoDB when MONGO_URL is set, so every replica spends one
 * bucket per key (in blocks of up to 5% of the burst, to spare the store a round trip per request); in
 * memory otherwise, where DATA_DIR's lock makes this the only api process (a token per request, exact).
 */
export function createRateLimiter(config: AppConfig): SharedRateLimiter {
  const { perSecond, burst } = config.rateLimit;
  if (config.mongoUrl) {
    const grants = new MongoRateGrants({ url: config.mongoUrl, dbName: config.mongoDatabase });
    return new SharedRateLimiter(grants, { perSecond, burst, maxBlock: Math.max(1, Math.floor(burst / 20)) });
  }
  return new SharedRateLimiter(new MemoryRateGrants(), { perSecond, burst, maxBlock: 1 });
}
