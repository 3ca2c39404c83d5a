import { type DataKey, DataKeyStore } from '@lib/personal-data';
import type { CrashSwitch } from './crash-points';

/**
 * The app's data keys, with a handler killed at a chosen destruction (before it, or after the keys are gone):
 * an erasure's first step. A destruction reaches the crash points as `{ type: 'destroy' | 'destroyPrefix',
 * data: { scopes } }` on the stream name `data-keys`.
 */
export class CrashingDataKeyStore extends DataKeyStore {
  constructor(
    private readonly inner: DataKeyStore,
    private readonly crash: CrashSwitch,
  ) {
    super();
  }

  keysFor(scopes: string[]): Promise<Map<string, DataKey>> {
    return this.inner.keysFor(scopes);
  }

  existing(scopes: string[]): Promise<Map<string, DataKey>> {
    return this.inner.existing(scopes);
  }

  byKeyIds(keyIds: string[]): Promise<Map<string, DataKey>> {
    return this.inner.byKeyIds(keyIds);
  }

  destroy(scopes: string[]): Promise<number> {
    return this.crash.around('data-keys', [{ type: 'destroy', data: { scopes } }], () => this.inner.destroy(scopes));
  }

  destroyPrefix(prefix: string): Promise<number> {
    const asEvents = [{ type: 'destroyPrefix', data: { scopes: [prefix] } }];
    return this.crash.around('data-keys', asEvents, () => this.inner.destroyPrefix(prefix));
  }

  scopesUnder(prefix: string, options?: { after?: string; limit?: number }): Promise<string[]> {
    return this.inner.scopesUnder(prefix, options);
  }

  rewrap(): Promise<number> {
    return this.inner.rewrap();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
