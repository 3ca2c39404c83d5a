import { DynamicModule, Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@lib/config';
import { Clock, SystemClock } from '@lib/common';
import { EventStore } from '@lib/eventstore';
import { ReadStore } from '@lib/readstore';
import { MessageBus } from '@lib/messaging';
import { BlobStore } from '@lib/blobstore';
import {
  DataKeyCache,
  DataKeyStore,
  openDataKeyStore,
  PersonalDataRegistry,
  PersonalMessageRegistry,
  SealingEventStore,
  SealingMessageBus,
} from '@lib/personal-data';
import { APP_CONFIG } from './tokens';
import {
  AdapterObservers,
  createBlobStore,
  createEventStore,
  createMessageBus,
  createReadStore,
} from './adapter-factory';
import { ProjectionRegistry } from './projection-registry';
import { ReadModelFreshness } from './read-model-freshness';

/**
 * Decorators around the chosen adapters: the redelivery and crash harness (test/support/harness) wraps the event
 * store, the read store, the bus, the data keys and the blobs of a real app this way to deliver every message
 * twice and kill a handler mid-way.
 */
export interface AdapterWrappers {
  eventStore?: (store: EventStore) => EventStore;
  readStore?: (store: ReadStore) => ReadStore;
  bus?: (bus: MessageBus) => MessageBus;
  dataKeys?: (keys: DataKeyStore) => DataKeyStore;
  blobs?: (blobs: BlobStore) => BlobStore;
}

export interface PlatformOverrides {
  clock?: Clock;
  observers?: AdapterObservers;
  wrap?: AdapterWrappers;
}

const same = <T>(adapter: T): T => adapter;

/** Chooses every port's adapter once from validated configuration and closes them on shutdown. */
@Global()
@Module({})
export class PlatformModule implements OnApplicationShutdown {
  constructor(
    @Inject(EventStore) private readonly eventStore: EventStore,
    @Inject(ReadStore) private readonly readStore: ReadStore,
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(BlobStore) private readonly blobs: BlobStore,
    @Inject(DataKeyStore) private readonly dataKeys: DataKeyStore,
  ) {}

  static forRoot(config: AppConfig, overrides: PlatformOverrides = {}): DynamicModule {
    const wrap = overrides.wrap ?? {};
    return {
      module: PlatformModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: Clock, useValue: overrides.clock ?? new SystemClock() },
        {
          provide: DataKeyStore,
          useFactory: async () =>
            (wrap.dataKeys ?? same)(
              await openDataKeyStore({
                dataDir: config.dataDir,
                mongo: config.mongoUrl ? { url: config.mongoUrl, dbName: config.mongoDatabase } : null,
                personalData: config.personalData,
              }),
            ),
        },
        {
          provide: DataKeyCache,
          useFactory: (keys: DataKeyStore) => new DataKeyCache(keys, Date.now, config.personalData.keyCacheTtlMs),
          inject: [DataKeyStore],
        },
        // Filled by the domain modules with the policies of their events, before anything is appended.
        { provide: PersonalDataRegistry, useValue: new PersonalDataRegistry() },
        { provide: PersonalMessageRegistry, useValue: new PersonalMessageRegistry() },
        {
          provide: EventStore,
          // Sealing sits right on the adapter, so every other decorator (metrics, the test harness) sees events opened.
          useFactory: (keys: DataKeyCache, policies: PersonalDataRegistry) => {
            const store = createEventStore(config, overrides.observers);
            const sealed = config.personalData.sealing ? new SealingEventStore(store, keys, policies) : store;
            return (wrap.eventStore ?? same)(sealed);
          },
          inject: [DataKeyCache, PersonalDataRegistry],
        },
        {
          provide: ReadStore,
          useFactory: () => (wrap.readStore ?? same)(createReadStore(config, overrides.observers)),
        },
        {
          provide: MessageBus,
          // As for the event store: sealing on the adapter, so the broker holds chunks' rows as ciphertext only.
          useFactory: (keys: DataKeyCache, policies: PersonalMessageRegistry) => {
            const bus = createMessageBus(config, overrides.observers);
            return (wrap.bus ?? same)(config.personalData.sealing ? new SealingMessageBus(bus, keys, policies) : bus);
          },
          inject: [DataKeyCache, PersonalMessageRegistry],
        },
        { provide: BlobStore, useFactory: () => (wrap.blobs ?? same)(createBlobStore(config)) },
        ProjectionRegistry,
        ReadModelFreshness,
      ],
      exports: [
        APP_CONFIG,
        Clock,
        EventStore,
        ReadStore,
        MessageBus,
        BlobStore,
        DataKeyStore,
        DataKeyCache,
        PersonalDataRegistry,
        PersonalMessageRegistry,
        ProjectionRegistry,
        ReadModelFreshness,
      ],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    // Consumers and dispatchers stopped in beforeApplicationShutdown, before the HTTP server drained; the
    // projector stops in its own onApplicationShutdown first (Nest calls these hooks in reverse order).
    await Promise.allSettled([this.bus.close(), this.eventStore.close(), this.readStore.close(), this.blobs.close()]);
    await this.dataKeys.close();
  }
}
