import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { BusConsumer, IncomingMessage, MessageBus, RelayMessageV1, relayTopic, upcastRelayed } from '@lib/messaging';
import type { ErasureEvent } from '../domain/erasure.events';
import { ErasureWorkflow } from './erasure-workflow';

const ERASURES_TOPIC = relayTopic('erasures');

/**
 * Follows events.erasures and runs each requested erasure to its end (ErasureWorkflow). The relay
 * publishes ErasureRequested from the log, so an erasure asked for is run even when the asking process
 * dies right after recording it; a redelivered message finds its steps recorded and does nothing.
 */
@Injectable()
export class ErasureConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private consumer: BusConsumer | null = null;

  constructor(
    private readonly bus: MessageBus,
    private readonly workflow: ErasureWorkflow,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.ensureTopics([ERASURES_TOPIC]);
    this.consumer = await this.bus.subscribe(
      { groupId: 'erasures', topics: [ERASURES_TOPIC], concurrency: 2, maxAttempts: 20, retryDelayMs: 500 },
      (m) => this.handle(m),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }

  private async handle(message: IncomingMessage<RelayMessageV1>): Promise<void> {
    const event = upcastRelayed<ErasureEvent>(message.value, undefined);
    if (event.type !== 'ErasureRequested') return;
    await this.workflow.run(event.data.accountId, event.data.erasureId);
  }
}
