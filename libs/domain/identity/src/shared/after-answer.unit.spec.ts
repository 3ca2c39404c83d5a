import { Logger } from '@nestjs/common';
import { DomainError } from '@lib/common';
import { AfterAnswer } from './after-answer';

describe('work after the answer', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('begins only after the caller carried on, four at a time, and drains to the last', async () => {
    const afterAnswer = new AfterAnswer();
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const done: number[] = [];
    for (let i = 0; i < 6; i++)
      afterAnswer.start(`task ${i}`, async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        done.push(i);
      });
    expect(running).toBe(0); // nothing ran within start(): the answer goes first
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(running).toBe(4);
    let drained = false;
    const drain = afterAnswer.drain().then(() => (drained = true));
    while (done.length < 6) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await drain;
    expect({ most, drained, done: [...done].sort() }).toEqual({ most: 4, drained: true, done: [0, 1, 2, 3, 4, 5] });
  });

  it('logs a failure instead of throwing it (the caller already had its answer)', async () => {
    const afterAnswer = new AfterAnswer();
    const ran: string[] = [];
    afterAnswer.start('failing', async () => {
      throw new Error('relay refused');
    });
    afterAnswer.start('next', async () => {
      ran.push('next');
    });
    await afterAnswer.drain();
    expect(ran).toEqual(['next']);
  });

  it('refuses new work with 503 once 1,000 tasks wait, rather than queueing without bound', async () => {
    const afterAnswer = new AfterAnswer();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    for (let i = 0; i < 1_004; i++) afterAnswer.start(`task ${i}`, () => gate);
    let refused: unknown;
    try {
      afterAnswer.start('one too many', () => gate);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).errorName).toBe('SERVICE_UNAVAILABLE');
    open();
    await afterAnswer.drain();
  });
});
