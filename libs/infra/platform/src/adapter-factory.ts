import * as fs from 'node:fs';
import * as path from 'node:path';
import { AppConfig } from '@lib/config';
import { AppendObserver, EsdbEventStore, EventStore, ObservedEventStore, SqliteEventStore } from '@lib/eventstore';
import { MongoReadStore, ObservedReadStore, ReadStore, ReadStoreObserver, SqliteReadStore } from '@lib/readstore';
import { BusObserver, KafkaMessageBus, MessageBus, NamespacedMessageBus, SqliteMessageBus } from '@lib/messaging';
import { BlobStore, FileBlobStore, GridFsBlobStore } from '@lib/blobstore';

/** Which adapter each port got; logged at start and shown by /ready (the app hands it to the HTTP host's OpsModule). */
export interface AdapterChoice {
  eventStore: 'eventstoredb' | 'sqlite';
  readStore: 'mongodb' | 'sqlite';
  messageBus: 'kafka' | 'sqlite';
  blobStore: 'gridfs' | 'files';
  /** Chosen in libs/domain/identity (createSignInAttempts), which platform may not import: the same rule, stated here. */
  signInAttempts: 'mongodb' | 'sqlite';
}

export function describeAdapters(config: AppConfig): AdapterChoice {
  return {
    eventStore: config.eventStoreUrl ? 'eventstoredb' : 'sqlite',
    readStore: config.mongoUrl ? 'mongodb' : 'sqlite',
    messageBus: config.kafkaBrokers ? 'kafka' : 'sqlite',
    blobStore: config.mongoUrl ? 'gridfs' : 'files',
    signInAttempts: config.mongoUrl ? 'mongodb' : 'sqlite',
  };
}

function ensureDataDir(config: AppConfig): string {
  fs.mkdirSync(config.dataDir, { recursive: true });
  return config.dataDir;
}

/** What the process's metrics observe in the adapters; absent (CLI), nothing is reported. */
export interface AdapterObservers {
  appends?: AppendObserver;
  bus?: BusObserver;
  reads?: ReadStoreObserver;
}

export function createEventStore(config: AppConfig, observers: AdapterObservers = {}): EventStore {
  const store = config.eventStoreUrl
    ? new EsdbEventStore({ connectionString: config.eventStoreUrl })
    : new SqliteEventStore(path.join(ensureDataDir(config), 'events.sqlite'));
  return observers.appends ? new ObservedEventStore(store, observers.appends) : store;
}

export function createReadStore(config: AppConfig, observers: AdapterObservers = {}): ReadStore {
  const store = config.mongoUrl
    ? new MongoReadStore({ url: config.mongoUrl, dbName: config.mongoDatabase })
    : new SqliteReadStore(path.join(ensureDataDir(config), 'read-models.sqlite'));
  return observers.reads ? new ObservedReadStore(store, observers.reads) : store;
}

export function createMessageBus(config: AppConfig, observers: AdapterObservers = {}): MessageBus {
  if (config.kafkaBrokers) {
    const kafka = new KafkaMessageBus({
      brokers: config.kafkaBrokers,
      clientId: `mailcheck-${config.roles.join('-')}`,
      partitions: config.kafkaPartitions,
      sessionTimeoutMs: config.kafkaSessionTimeoutMs,
      retentionMs: config.busRetentionHours * 3_600_000,
      observer: observers.bus,
    });
    return config.kafkaNamespace ? new NamespacedMessageBus(kafka, config.kafkaNamespace) : kafka;
  }
  return new SqliteMessageBus(path.join(ensureDataDir(config), 'bus.sqlite'), {
    partitions: config.kafkaPartitions,
    retentionMs: config.busRetentionHours * 3_600_000,
    observer: observers.bus,
  });
}

export function createBlobStore(config: AppConfig): BlobStore {
  if (config.mongoUrl) return new GridFsBlobStore({ url: config.mongoUrl, dbName: config.mongoDatabase });
  return new FileBlobStore(path.join(ensureDataDir(config), 'blobs'));
}
