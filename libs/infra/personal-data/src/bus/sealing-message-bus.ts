import {
  MessageBusDecorator,
  type BusConsumer,
  type IncomingMessage,
  type MessageBus,
  type OutgoingMessage,
  type PublishTo,
  type SubscribeOptions,
} from '@lib/messaging';
import type { DataKey } from '../data-key-store.port';
import { openWith, sealedKeyIds, sealWith } from '../field-cipher';
import { DataKeyCache } from '../sealing/data-key-cache';
import { SEALED_FIELD } from '../sealing/personal-data-policy';
import { resolveScopes } from '../sealing/scope-resolver';
import { PersonalMessageRegistry } from './personal-message-policy';

type Value = Record<string, unknown>;

/** About how many scope references one slice of a publish seals before it lets other work run. */
const REFS_PER_SLICE = 256;

/** Messages in slices of about REFS_PER_SLICE scope references (a message is never split). */
function* slicesOf<T extends { split: { parts: { scopes: unknown[] }[] } }>(items: T[]): Generator<T[]> {
  let slice: T[] = [];
  let refs = 0;
  for (const item of items) {
    slice.push(item);
    refs += item.split.parts.reduce((sum, part) => sum + part.scopes.length, 0);
    if (refs >= REFS_PER_SLICE) {
      yield slice;
      slice = [];
      refs = 0;
    }
  }
  if (slice.length > 0) yield slice;
}

/** A sealed part is bound to its topic: copied onto another topic, it does not open. */
const binding = (topic: string): string => `bus|${topic}`;

/**
 * Crypto-shredding on the bus, as SealingEventStore does it on the log: a message of a topic with a policy is
 * published with its personal fields sealed under the keys of their scopes and opened again for its consumer.
 * The broker (Kafka keeps every message until the topic's retention) holds only ciphertext of them, which an
 * erasure makes unreadable at once. A part whose key was destroyed reads as the policy's erased form.
 */
export class SealingMessageBus extends MessageBusDecorator {
  constructor(
    inner: MessageBus,
    private readonly keys: DataKeyCache,
    private readonly registry: PersonalMessageRegistry,
  ) {
    super(inner);
  }

  protected override async send(topic: string, messages: OutgoingMessage[], to: PublishTo): Promise<void> {
    const policy = this.registry.policyFor(topic);
    if (!policy) return to(topic, messages);
    const split = messages.map((message) => policy.split(message.value));
    if (split.every((s) => s.parts.length === 0)) return to(topic, messages);
    const sealed: OutgoingMessage[] = [];
    for (const slice of slicesOf(split.map((s, i) => ({ message: messages[i], split: s })))) {
      const refs = slice.flatMap(({ split: s }) => s.parts.flatMap((part) => part.scopes));
      const scopesOf = await resolveScopes(this.keys, refs);
      const keys = await this.keys.keysFor([...new Set(refs.map(scopesOf))]);
      for (const { message, split: s } of slice)
        sealed.push({
          ...message,
          value: {
            ...s.clear,
            [SEALED_FIELD]: s.parts.map((part) =>
              sealWith(
                part.scopes.map((ref) => keys.get(scopesOf(ref)) as DataKey),
                part.value,
                binding(topic),
              ),
            ),
          },
        });
      // A job's chunks are published at once (20,000 rows: 20,000 new keys and parts): sealed a slice at a
      // time, with the event loop free between slices, so interactive calls are not held up behind them.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return to(topic, sealed);
  }

  override subscribe(
    options: SubscribeOptions,
    handler: (message: IncomingMessage) => Promise<void>,
  ): Promise<BusConsumer> {
    return this.inner.subscribe(options, async (message) => handler(await this.open(message)));
  }

  // Erasing by value (forgetMessages, passed through) finds only what a message keeps in the clear (ids);
  // its sealed fields need no deleting.

  private async open(message: IncomingMessage): Promise<IncomingMessage> {
    const value = message.value as Value | null;
    const sealed = value?.[SEALED_FIELD];
    // A message published before sealing (or on a topic without a policy) reads as it is.
    if (!Array.isArray(sealed)) return message;
    const policy = this.registry.policyFor(message.topic);
    if (!policy) throw new Error(`a message on ${message.topic} is sealed but no personal-data policy reads it`);
    const parts = sealed as string[];
    const keys = await this.keys.byKeyIds([...new Set(parts.flatMap((part) => sealedKeyIds(part) ?? []))]);
    const opened = parts.map((part) => {
      const needed = (sealedKeyIds(part) ?? []).map((id) => keys.get(id));
      // A destroyed key is an erasure: the part reads as null and the policy writes the message as erased.
      if (needed.length === 0 || needed.some((key) => !key)) return null;
      return openWith(needed as DataKey[], part, binding(message.topic));
    });
    const { [SEALED_FIELD]: _sealed, ...clear } = value as Value;
    return { ...message, value: policy.join(clear, opened) };
  }
}
