import { Injectable } from '@nestjs/common';
import { ReadStore } from '@lib/readstore';

/**
 * Read-your-writes across processes: after appending at `position`, wait until the projector has
 * applied it to the document the caller will read next. Works whether the projector runs in this
 * process or another, because it only looks at the read model itself.
 */
@Injectable()
export class ReadModelFreshness {
  constructor(private readonly readStore: ReadStore) {}

  async waitForDocument(collection: string, id: string, position: number, timeoutMs = 10_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    let pause = 2;
    while (Date.now() < deadline) {
      const doc = await this.readStore.collection(collection).get(id);
      if (doc && typeof doc._position === 'number' && doc._position >= position) return true;
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 50);
    }
    return false;
  }
}
