// Issue 39: topics the app creates on Kafka carry the bus retention (BUS_RETENTION_HOURS) and a segment.ms that
// lets the broker delete old segments; a topic created before gets it when the app ensures it.
import { randomUUID } from 'node:crypto';
import { ConfigResourceTypes, Kafka } from 'kafkajs';
import { KafkaMessageBus } from '@lib/messaging';
import { brokersOf, describeWithServers } from '../../support/cluster/servers';

describeWithServers(['KAFKA_BROKERS'], 'Kafka topic retention', ({ KAFKA_BROKERS }) => {
  const brokers = brokersOf(KAFKA_BROKERS);
  const admin = new Kafka({ clientId: 'retention-test', brokers, logCreator: () => () => undefined }).admin();
  const buses: KafkaMessageBus[] = [];
  const bus = (retentionMs?: number) => {
    const created = new KafkaMessageBus({
      brokers,
      clientId: 'retention-test',
      partitions: 1,
      retentionMs,
      log: () => undefined,
    });
    buses.push(created);
    return created;
  };
  const configOf = async (topic: string) => {
    const { resources } = await admin.describeConfigs({
      includeSynonyms: false,
      resources: [{ type: ConfigResourceTypes.TOPIC, name: topic, configNames: ['retention.ms', 'segment.ms'] }],
    });
    return Object.fromEntries(resources[0].configEntries.map((entry) => [entry.configName, entry.configValue]));
  };

  beforeAll(() => admin.connect());
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    await admin.disconnect();
  });

  it('creates topics with retention.ms from the configuration and segments of at most an hour', async () => {
    const topic = `retention-${randomUUID()}`;
    await bus(24 * 3_600_000).ensureTopics([topic]);
    expect(await configOf(topic)).toEqual({ 'retention.ms': String(24 * 3_600_000), 'segment.ms': '3600000' });
  });

  it('gives an existing topic the retention when it is ensured', async () => {
    const topic = `retention-${randomUUID()}`;
    await bus().ensureTopics([topic]);
    expect((await configOf(topic))['retention.ms']).not.toBe('1800000'); // the broker's default
    await bus(30 * 60_000).ensureTopics([topic]);
    expect(await configOf(topic)).toEqual({ 'retention.ms': '1800000', 'segment.ms': '1800000' });
  });
});
