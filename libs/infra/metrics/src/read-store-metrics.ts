import { Counter, Registry } from 'prom-client';
import type { ReadStoreObserver, ReadStoreOperation } from '@lib/readstore';

/** What this process asked of the read store (libs/infra/readstore's observer): the read side's cost per row of a job. */
export class ReadStoreMetrics implements ReadStoreObserver {
  private readonly operations: Counter<'collection' | 'operation'>;
  private readonly documents: Counter<'collection' | 'operation'>;

  constructor(registry: Registry) {
    const registers = [registry];
    const labelNames = ['collection', 'operation'] as const;
    this.operations = new Counter({
      name: 'mailcheck_read_store_operations_total',
      help: 'Read-store operations asked by this process (one per call; a bulk write is one), by collection and operation.',
      labelNames,
      registers,
    });
    this.documents = new Counter({
      name: 'mailcheck_read_store_batch_documents_total',
      help: 'Documents carried by batch operations (bulkWrite ops, insertNew documents), by collection and operation.',
      labelNames,
      registers,
    });
  }

  operation(collection: string, operation: ReadStoreOperation, documents: number): void {
    this.operations.inc({ collection, operation });
    if (operation === 'bulkWrite' || operation === 'insertNew')
      this.documents.inc({ collection, operation }, documents);
  }
}
