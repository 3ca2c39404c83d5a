import { SseSink, streamProgress } from './sse-progress';

function collectingSink(): SseSink & { text: string; ended: boolean; leave(): void } {
  const gone = new AbortController();
  return {
    text: '',
    ended: false,
    closed: gone.signal,
    write(text) {
      this.text += text;
    },
    end() {
      this.ended = true;
    },
    leave() {
      gone.abort();
    },
  };
}

describe('job progress stream', () => {
  it('sends progress until the job is terminal, then a final done, and ends', async () => {
    const statuses = ['Processing', 'Processing', 'Completed'];
    const sink = collectingSink();
    await streamProgress(
      sink,
      { load: async () => ({ status: statuses.shift() }), isTerminal: (v) => v.status === 'Completed' },
      { intervalMs: 5, heartbeatMs: 0 },
    );
    expect(sink.text.match(/event: progress/g)).toHaveLength(3);
    expect(sink.text.trimEnd().endsWith('event: done\ndata: {"status":"Completed"}')).toBe(true);
    expect(sink.text).toContain(': heartbeat');
    expect(sink.ended).toBe(true);
  });

  it('stops polling as soon as the client goes away', async () => {
    const sink = collectingSink();
    let loads = 0;
    const streaming = streamProgress(
      sink,
      {
        load: async () => {
          if (++loads === 2) sink.leave();
          return { status: 'Processing' };
        },
        isTerminal: () => false,
      },
      { intervalMs: 5 },
    );
    await streaming;
    expect(loads).toBe(2);
    expect(sink.text).not.toContain('event: done');
    expect(sink.ended).toBe(true);
  });
});
