import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ReadStore } from '@lib/readstore';
import { newWebhookSecret } from '../delivery/payload';

type SecretDoc = { _id: string; secret: string; createdAt: string };

/** Not a projection: no rebuild clears it, because the secrets are deliberately absent from the event log. */
export const WEBHOOK_SECRETS_COLLECTION = 'webhook_secrets';

/**
 * Signing secrets, stored apart from the event log (which the relay publishes to analytics topics).
 * Each secret has its own id and is written before the event that names it, so a crash in between
 * leaves an unreferenced secret rather than a webhook without one.
 */
@Injectable()
export class WebhookSecrets {
  constructor(private readonly readStore: ReadStore) {}

  async create(at: string): Promise<{ secretId: string; secret: string }> {
    const secretId = randomUUID();
    const secret = newWebhookSecret();
    await this.readStore
      .collection<SecretDoc>(WEBHOOK_SECRETS_COLLECTION)
      .upsert({ _id: secretId, secret, createdAt: at });
    return { secretId, secret };
  }

  async get(secretId: string): Promise<string | null> {
    return (await this.readStore.collection<SecretDoc>(WEBHOOK_SECRETS_COLLECTION).get(secretId))?.secret ?? null;
  }

  /** Forgets a secret nothing references any more (rotated out, or its webhook deleted). */
  async remove(secretId: string): Promise<void> {
    await this.readStore.collection(WEBHOOK_SECRETS_COLLECTION).delete(secretId);
  }
}
