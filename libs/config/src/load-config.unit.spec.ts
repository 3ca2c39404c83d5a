import { ConfigError, loadConfig } from './load-config';

const load = (env: Record<string, string>) => loadConfig(env, ['api']);

describe('loadConfig', () => {
  describe('KAFKA_SESSION_TIMEOUT_MS', () => {
    it('defaults to 30 s and takes a value the broker accepts', () => {
      expect(load({}).kafkaSessionTimeoutMs).toBe(30_000);
      expect(load({ KAFKA_SESSION_TIMEOUT_MS: '6000' }).kafkaSessionTimeoutMs).toBe(6000);
    });

    it('refuses values outside 6000-300000 (below 6000 a default broker rejects the join)', () => {
      expect(() => load({ KAFKA_SESSION_TIMEOUT_MS: '5999' })).toThrow(ConfigError);
      expect(() => load({ KAFKA_SESSION_TIMEOUT_MS: '300001' })).toThrow(/KAFKA_SESSION_TIMEOUT_MS/);
    });
  });

  describe('BUS_RETENTION_HOURS', () => {
    it('defaults to 24 and accepts 0 (keep forever)', () => {
      expect(load({}).busRetentionHours).toBe(24);
      expect(load({ BUS_RETENTION_HOURS: '0' }).busRetentionHours).toBe(0);
    });

    it('refuses a negative or fractional value', () => {
      expect(() => load({ BUS_RETENTION_HOURS: '-1' })).toThrow(/BUS_RETENTION_HOURS/);
      expect(() => load({ BUS_RETENTION_HOURS: '1.5' })).toThrow(/BUS_RETENTION_HOURS/);
    });
  });
});
