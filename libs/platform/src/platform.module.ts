import { DynamicModule, Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@lib/config';
import { Clock, SystemClock } from '@lib/common';
import { EventStore } from '@lib/eventstore';
import { ReadStore } from '@lib/readstore';
import { MessageBus } from '@lib/messaging';
import { BlobStore } from '@lib/blobstore';
import { APP_CONFIG } from './tokens';
import { AdapterObservers, createBlobStore, createEventStore, createMessageBus, createReadStore } from './adapter-factory';
import { ProjectionRegistry } from './projection-registry';
import { ReadModelFreshness } from './read-model-freshness';

/** Chooses every port's adapter once from validated configuration and closes them on shutdown. */
@Global()
@Module({})
export class PlatformModule implements OnApplicationShutdown {
  constructor(
    @Inject(EventStore) private readonly eventStore: EventStore,
    @Inject(ReadStore) private readonly readStore: ReadStore,
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(BlobStore) private readonly blobs: BlobStore,
  ) {}

  static forRoot(config: AppConfig, overrides: { clock?: Clock; observers?: AdapterObservers } = {}): DynamicModule {
    return {
      module: PlatformModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: Clock, useValue: overrides.clock ?? new SystemClock() },
        { provide: EventStore, useFactory: () => createEventStore(config, overrides.observers) },
        { provide: ReadStore, useFactory: () => createReadStore(config) },
        { provide: MessageBus, useFactory: () => createMessageBus(config, overrides.observers) },
        { provide: BlobStore, useFactory: () => createBlobStore(config) },
        ProjectionRegistry,
        ReadModelFreshness,
      ],
      exports: [APP_CONFIG, Clock, EventStore, ReadStore, MessageBus, BlobStore, ProjectionRegistry, ReadModelFreshness],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    // Consumers and subscriptions stop in their own modules first (Nest calls shutdown hooks in reverse order).
    await Promise.allSettled([this.bus.close(), this.eventStore.close(), this.readStore.close(), this.blobs.close()]);
  }
}
