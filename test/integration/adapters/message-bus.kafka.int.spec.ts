// The MessageBus contract against Kafka (KAFKA_BROKERS, comma-separated host:port).
import { KafkaMessageBus } from '@lib/messaging';
import { messageBusContract } from '@lib/messaging/testing';
import { brokersOf, describeWithServers } from '../../support/cluster/servers';

describeWithServers(['KAFKA_BROKERS'], 'Kafka message bus adapter', ({ KAFKA_BROKERS }) => {
  messageBusContract('kafka', async (observer) => {
    // sessionTimeout at the broker's minimum: a stopped member's partitions move on quickly.
    const bus = new KafkaMessageBus({
      brokers: brokersOf(KAFKA_BROKERS),
      clientId: 'contract-test',
      partitions: 4,
      sessionTimeoutMs: 6000,
      log: () => undefined,
      observer,
    });
    return { bus, cleanup: () => bus.close() };
  });
});
