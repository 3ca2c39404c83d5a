import { Module } from '@nestjs/common';
import { provideAdapter } from '@lib/platform';
import { API_CONFIG, ApiConfigModule } from '../api.config';
import { AdminGuessThrottle, createAdminGuessThrottle } from './admin-guess-throttle';
import { createRateGrants, createRateLimits } from './rate-limit/create-rate-limiter';
import { RateGrants } from './rate-limit/rate-grants';
import { RateLimits } from './rate-limits';

/**
 * The api's rate limits and admin-token throttle on one store of buckets per process (closed by Nest at
 * shutdown), shared by every replica on one MongoDB. Imported by ApiModule (its global guard) and the
 * dashboard's module (its session guard), which get the same instances.
 */
@Module({
  imports: [ApiConfigModule],
  providers: [
    provideAdapter(RateGrants, createRateGrants),
    { provide: RateLimits, inject: [API_CONFIG, RateGrants], useFactory: createRateLimits },
    { provide: AdminGuessThrottle, inject: [API_CONFIG, RateGrants], useFactory: createAdminGuessThrottle },
  ],
  exports: [RateLimits, AdminGuessThrottle],
})
export class RateLimitModule {}
