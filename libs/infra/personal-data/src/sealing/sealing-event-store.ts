import {
  DelegatingEventStore,
  type AppendResult,
  type EventStore,
  type EventSubscription,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
} from '@lib/eventstore';
import type { DataKey } from '../data-key-store.port';
import { openTextWith, sealedKeyIds, sealingKey, sealTextWith } from '../field-cipher';
import { DataKeyCache } from './data-key-cache';
import { PersonalDataRegistry } from './personal-data-registry';
import { SEALED_FIELD } from './personal-data-policy';
import { resolveScopes } from './scope-resolver';

type Data = Record<string, unknown>;

/** A sealed part is bound to the stream and type of its event: moved to another, it does not open. */
const binding = (streamId: string, type: string): string => `${streamId}|${type}`;

/** What a sealed part opens to is remembered by the part and where it is (a part moved elsewhere misses). */
const openedId = (sealed: string, where: string): string => `opened|${where}|${sealed}`;

/**
 * Crypto-shredding around any event store: on append, the personal fields of every event type with a policy
 * are sealed under the keys of their scopes (DataKeyStore, outside the log); on every read and subscription
 * they are opened again, and a part whose key was destroyed reads as erased (the policy's join says how).
 * The log itself never holds an address or a name, and stays immutable: erasing is destroying a key.
 * Events written in the clear before sealing existed read as they are.
 */
export class SealingEventStore extends DelegatingEventStore {
  constructor(
    inner: EventStore,
    private readonly keys: DataKeyCache,
    private readonly registry: PersonalDataRegistry,
  ) {
    super(inner);
  }

  /** The log as stored under this decorator, sealed parts unopened (the migration checks what it wrote). */
  get stored(): EventStore {
    return this.inner;
  }

  override async appendToStream(
    streamId: string,
    events: NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    return this.inner.appendToStream(streamId, await this.sealAll(streamId, events), expectedRevision);
  }

  override async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readStream(streamId, options));
  }

  override async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readAll(options));
  }

  override subscribeToAll(
    options: SubscribeOptions,
    handler: (event: RecordedEvent) => Promise<void>,
  ): EventSubscription {
    return this.inner.subscribeToAll(options, async (event) => handler((await this.openAll([event]))[0]));
  }

  private async sealAll(streamId: string, events: NewEvent[]): Promise<NewEvent[]> {
    const split = events.map((event) => {
      const policy = this.registry.policyFor(event.type);
      return policy ? policy.split(event.data, streamId) : null;
    });
    const parts = split.flatMap((s) => s?.parts ?? []);
    if (parts.length === 0) return events;
    const scopesOf = await resolveScopes(
      this.keys,
      parts.flatMap((part) => part.scopes),
    );
    const keys = await this.keys.keysFor([...new Set(parts.flatMap((part) => part.scopes.map(scopesOf)))]);
    return events.map((event, i) => {
      const s = split[i];
      if (!s) return event;
      const where = binding(streamId, event.type);
      const sealed = s.parts.map((part) => {
        const partKeys = part.scopes.map((ref) => keys.get(scopesOf(ref)) as DataKey);
        const text = JSON.stringify(part.value);
        const value = sealTextWith(partKeys, text, where, this.sealingKeyOf(partKeys));
        // The readers of this process (projections, the relay) open it soon: what it opens to is known.
        this.keys.derivedFrom(openedId(value, where), partKeys, () => text);
        return value;
      });
      return { ...event, data: { ...s.clear, [SEALED_FIELD]: sealed } };
    });
  }

  /** HKDF over the part's keys, once for all the parts and readers that use the same keys. */
  private sealingKeyOf(keys: DataKey[]): Buffer {
    return this.keys.derivedFrom(`sealing-key|${keys.map((key) => key.keyId).join('+')}`, keys, () => sealingKey(keys));
  }

  private async openAll(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const sealedOf = (event: RecordedEvent): string[] | null => {
      const sealed = (event.data as Data | null)?.[SEALED_FIELD];
      return Array.isArray(sealed) ? (sealed as string[]) : null;
    };
    const keyIds = events.flatMap((event) => (sealedOf(event) ?? []).flatMap((part) => sealedKeyIds(part) ?? []));
    if (keyIds.length === 0) return events;
    const keys = await this.keys.byKeyIds([...new Set(keyIds)]);
    return events.map((event) => {
      const sealed = sealedOf(event);
      if (!sealed) return event;
      const policy = this.registry.policyFor(event.type);
      if (!policy) throw new Error(`event ${event.id} (${event.type}) is sealed but no personal-data policy reads it`);
      const { [SEALED_FIELD]: _sealed, ...clear } = event.data as Data;
      const opened = sealed.map((part) => {
        const needed = (sealedKeyIds(part) ?? []).map((id) => keys.get(id));
        // A destroyed key is an erasure: the part reads as null and the policy writes it as erased.
        if (needed.length === 0 || needed.some((key) => !key)) return null;
        const partKeys = needed as DataKey[];
        const where = binding(event.streamId, event.type);
        const text = this.keys.derivedFrom(openedId(part, where), partKeys, () =>
          openTextWith(partKeys, part, where, this.sealingKeyOf(partKeys)),
        );
        return JSON.parse(text) as unknown;
      });
      return { ...event, data: policy.join(clear, opened) };
    });
  }
}
