import * as http from 'node:http';

/** One request of the battery, kept as raw as HTTP allows: percent-encoded path, byte body, repeatable headers. */
export interface Probe {
  /** `POST /v1/jobs/{id}` */
  operation: string;
  /** What is wrong with it, for the failure report. */
  label: string;
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body?: Buffer;
}

export interface Outcome {
  probe: Probe;
  status: number;
  contentType: string;
  text: string;
  /** Set when no HTTP answer came back (connection reset, timeout). */
  failure?: string;
}

function send(baseUrl: URL, agent: http.Agent, probe: Probe, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers = { ...probe.headers, ...(probe.body ? { 'content-length': String(probe.body.length) } : {}) };
    const request = http.request(
      {
        host: baseUrl.hostname,
        port: baseUrl.port,
        method: probe.method,
        path: probe.path,
        headers,
        agent,
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            probe,
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', (error) =>
          resolve({ probe, status: 0, contentType: '', text: '', failure: error.message }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (error) => resolve({ probe, status: 0, contentType: '', text: '', failure: error.message }));
    request.end(probe.body);
  });
}

/** Sends every probe with at most `concurrency` requests in flight, answers in probe order. */
export async function sendAll(
  baseUrl: string,
  probes: Probe[],
  concurrency = 16,
  timeoutMs = 20_000,
): Promise<Outcome[]> {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const outcomes: Outcome[] = new Array(probes.length);
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const index = next++;
      outcomes[index] = await send(url, agent, probes[index], timeoutMs);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, probes.length) }, worker));
  } finally {
    agent.destroy();
  }
  return outcomes;
}
