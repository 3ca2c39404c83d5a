import { DomainError } from '@lib/common';
import { parseWebhookEvents } from './webhook-event-types';
import { parseWebhookUrl } from './webhook-url';

function codeOf(run: () => unknown): number | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return undefined;
}

describe('webhook events input', () => {
  it('accepts numbers and names, mixed, de-duplicated in numeric order', () => {
    expect(parseWebhookEvents([2, 'job.completed', 'job.failed'])).toEqual(['job.completed', 'job.failed']);
  });

  it.each([[[]], [[4]], [['job.cancelled']], [[0]], [['1']], ['job.completed'], [undefined]])(
    'refuses %j with code 4005',
    (input) => {
      expect(codeOf(() => parseWebhookEvents(input))).toBe(4005);
    },
  );
});

describe('webhook url input', () => {
  it('accepts an absolute https url with a port and query', () => {
    expect(parseWebhookUrl('https://hooks.example.com:8443/in?x=1').hostname).toBe('hooks.example.com');
  });

  it.each([
    'http://hooks.example.com/in',
    'https://user:pw@hooks.example.com/',
    'https://hooks.example.com/#frag',
    'not a url',
    '',
    42,
  ])('refuses %j with code 4002', (input) => {
    expect(codeOf(() => parseWebhookUrl(input))).toBe(4002);
  });
});
