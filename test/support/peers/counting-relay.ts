import { createConnection, createServer, Server, Socket } from 'node:net';

export interface CountingRelay {
  readonly port: number;
  /** Connections the server behind the relay has seen, in all. */
  readonly accepted: number;
  /** The most connections that were open at the same moment: what the server saw at its busiest. */
  readonly mostAtOnce: number;
  close(): Promise<void>;
}

/**
 * A TCP relay on loopback in front of a real server: it counts connections the way the server sees them,
 * so a spec can check how many sessions were open at once without trusting the client's own counters.
 */
export async function startCountingRelay(targetHost: string, targetPort: number): Promise<CountingRelay> {
  let accepted = 0;
  let open = 0;
  let mostAtOnce = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    accepted++;
    open++;
    mostAtOnce = Math.max(mostAtOnce, open);
    const upstream = createConnection({ host: targetHost, port: targetPort });
    sockets.add(client).add(upstream);
    let closed = false;
    const closeBoth = (): void => {
      if (closed) return;
      closed = true;
      open--;
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.pipe(upstream).pipe(client);
    for (const socket of [client, upstream]) {
      socket.on('error', closeBoth);
      socket.on('close', closeBoth);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('relay has no TCP port');
  return {
    port: address.port,
    get accepted() {
      return accepted;
    },
    get mostAtOnce() {
      return mostAtOnce;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
