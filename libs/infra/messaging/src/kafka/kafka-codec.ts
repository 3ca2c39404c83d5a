import type { IHeaders, KafkaMessage, Message } from 'kafkajs';
import type { IncomingMessage, OutgoingMessage } from '../message-bus.port';

/** Values travel as UTF-8 JSON, keys as UTF-8 strings, so any Kafka tool can read the topics. */
export function encode(message: OutgoingMessage): Message {
  return {
    key: message.key,
    value: JSON.stringify(message.value),
    headers: message.headers ?? {},
    ...(message.partition === undefined ? {} : { partition: message.partition }),
  };
}

function decodeHeaders(headers: IHeaders | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.map(String).join(',') : value.toString();
  }
  return out;
}

/** Thrown when a record is not JSON: no retry can fix it, so it goes straight to the dead-letter topic. */
export class UndecodableMessageError extends Error {
  constructor(topic: string, offset: string, cause: unknown) {
    super(`message ${topic}@${offset} is not JSON: ${(cause as Error).message}`);
    this.name = 'UndecodableMessageError';
  }
}

export function decode(topic: string, partition: number, message: KafkaMessage, attempt: number): IncomingMessage {
  let value: unknown;
  try {
    value = JSON.parse(message.value?.toString('utf8') ?? 'null');
  } catch (error) {
    throw new UndecodableMessageError(topic, message.offset, error);
  }
  return {
    topic,
    key: message.key?.toString('utf8') ?? '',
    value,
    headers: decodeHeaders(message.headers),
    attempt,
    partition,
    offset: message.offset,
  };
}

/** Same headers as the embedded bus, so dead letters look alike whichever adapter wrote them. */
export function deadLetterHeaders(
  topic: string,
  partition: number,
  message: KafkaMessage,
  attempts: number,
  error: unknown,
): Record<string, string> {
  return {
    ...decodeHeaders(message.headers),
    'x-dlq-original-topic': topic,
    'x-dlq-original-partition': String(partition),
    'x-dlq-original-offset': message.offset,
    'x-dlq-attempts': String(attempts),
    'x-dlq-error': error instanceof Error ? error.message : String(error),
  };
}
