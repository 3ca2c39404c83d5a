import { ChildProcess, spawn } from 'node:child_process';
import { DnsClient, DnsTimeoutError } from './dns-client';

// A DNS server in a process of its own, so it answers while this process's event loop is stalled: it echoes
// each query back as an empty NOERROR answer (the QR bit set), after `delayMs`.
const ECHO_SERVER = `
const socket = require('node:dgram').createSocket('udp4');
const delayMs = Number(process.argv[1]);
socket.on('message', (query, from) => {
  const answer = Buffer.from(query);
  answer[2] |= 0x80;
  setTimeout(() => socket.send(answer, from.port, from.address), delayMs);
});
socket.bind(0, '127.0.0.1', () => process.stdout.write(String(socket.address().port) + '\\n'));
`;

async function startEchoServer(delayMs: number): Promise<{ server: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', ECHO_SERVER, String(delayMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) =>
    child.stdout!.once('data', (line) => resolve(String(line).trim())),
  );
  return { server: `127.0.0.1:${port}`, child };
}

/** Keeps this process's event loop busy, as a synchronous compile or a long GC pause does. */
function stallFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

describe('DnsClient when its own process stalls past the timeout', () => {
  let child: ChildProcess | undefined;
  afterEach(() => child?.kill());

  it('takes an answer that arrived during a stall after the query was sent', async () => {
    const echo = await startEchoServer(100);
    child = echo.child;
    const asked = new DnsClient([echo.server], 200).query('mx.acme.test', 'MX');
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Stalled in the check phase: the next turn runs expired timers before it reads the socket.
    await new Promise((resolve) => setImmediate(() => resolve(stallFor(600))));
    await expect(asked).resolves.toMatchObject({ rcode: 0, truncated: false, answers: [] });
  });

  it('starts the clock when the query is sent, not before a stall that held the send back', async () => {
    const echo = await startEchoServer(0);
    child = echo.child;
    const asked = new DnsClient([echo.server], 200).query('mx.acme.test', 'MX');
    stallFor(600);
    await expect(asked).resolves.toMatchObject({ rcode: 0, answers: [] });
  });

  it('still times out when the server really does not answer in time', async () => {
    const echo = await startEchoServer(1_000);
    child = echo.child;
    await expect(new DnsClient([echo.server], 200).query('mx.acme.test', 'MX')).rejects.toBeInstanceOf(DnsTimeoutError);
  });
});
