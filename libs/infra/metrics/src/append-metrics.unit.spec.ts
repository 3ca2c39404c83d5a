import type { NewEvent } from '@lib/eventstore';
import { parseExposition, sumOf } from '../../../../test/support/prometheus-text';
import { Metrics } from './metrics';

describe('appends counted by the event store observer', () => {
  it('counts each append once and every appended event by type', async () => {
    const metrics = new Metrics();
    const opened = { type: 'AccountOpened', data: {} } as NewEvent;
    metrics.appends.appended('any-stream', [opened, opened]);
    metrics.appends.appended('other-stream', [{ type: 'KeyIssued', data: {} } as NewEvent]);
    const samples = parseExposition(await metrics.render());
    expect(sumOf(samples, 'mailcheck_events_appended_total', { type: 'AccountOpened' })).toBe(2);
    expect(sumOf(samples, 'mailcheck_events_appended_total', { type: 'KeyIssued' })).toBe(1);
    expect(sumOf(samples, 'mailcheck_event_appends_total', {})).toBe(2);
  });
});
