import type { Abstract, FactoryProvider } from '@nestjs/common';
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

/**
 * Provides the adapter a lib chose for one of its ports from the configuration (MongoDB when MONGO_URL is
 * set, the embedded one otherwise), once at start like adapter-factory.ts does for the platform's ports. The
 * choosing function takes a Pick of AppConfig naming the settings it reads.
 */
export function provideAdapter<Port>(port: Abstract<Port>, choose: (config: AppConfig) => Port): FactoryProvider<Port> {
  return { provide: port, useFactory: choose, inject: [APP_CONFIG] };
}
