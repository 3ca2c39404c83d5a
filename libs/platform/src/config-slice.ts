import type { FactoryProvider } from '@nestjs/common';
import type { AppConfig } from '@lib/config';
import { APP_CONFIG } from './tokens';

/**
 * Provides a lib's configuration slice (what the lib reads, under the lib's own token), built from the
 * validated AppConfig by the lib's module. The lib's classes inject their slice and never the whole
 * configuration, so what a class depends on is written in its constructor and a spec builds only that.
 */
export function provideConfigSlice<Slice>(token: symbol, from: (config: AppConfig) => Slice): FactoryProvider<Slice> {
  return { provide: token, useFactory: from, inject: [APP_CONFIG] };
}
