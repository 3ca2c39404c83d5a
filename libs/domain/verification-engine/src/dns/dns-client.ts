import { createSocket } from 'node:dgram';
import { connect } from 'node:net';
import { getServers } from 'node:dns';
import { randomInt } from 'node:crypto';
import { decodeResponse, DnsResponse, encodeQuery, RrTypeName } from './dns-wire';

export interface DnsServerAddress {
  host: string;
  port: number;
}

/** Parses 'ip', 'ip:port', '[v6]:port' or bare v6; falls back to the system's servers. */
export function parseDnsServers(servers?: string[] | null): DnsServerAddress[] {
  const list = servers && servers.length ? servers : getServers();
  return list.map((entry) => {
    const bracketed = entry.match(/^\[([^\]]+)\](?::(\d+))?$/);
    if (bracketed) return { host: bracketed[1], port: Number(bracketed[2] ?? 53) };
    const v4 = entry.match(/^([^:]+):(\d+)$/);
    if (v4) return { host: v4[1], port: Number(v4[2]) };
    return { host: entry, port: 53 };
  });
}

export class DnsTimeoutError extends Error {}

/**
 * A stub resolver: asks each configured server in turn (next one on timeout or socket
 * error) and repeats a truncated UDP answer over TCP.
 */
export class DnsClient {
  private readonly servers: DnsServerAddress[];

  constructor(
    servers: string[] | null | undefined,
    private readonly timeoutMs: number,
  ) {
    this.servers = parseDnsServers(servers);
  }

  async query(name: string, type: RrTypeName): Promise<DnsResponse> {
    let lastError: unknown = new DnsTimeoutError(`dns: no server answered for ${name}`);
    for (const server of this.servers) {
      try {
        const response = await this.udp(server, name, type);
        return response.truncated ? await this.tcp(server, name, type) : response;
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }

  private udp(server: DnsServerAddress, name: string, type: RrTypeName): Promise<DnsResponse> {
    const id = randomInt(0, 0xffff);
    const socket = createSocket(server.host.includes(':') ? 'udp6' : 'udp4');
    return new Promise<DnsResponse>((resolve, reject) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const finish = (error: Error | null, response?: DnsResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.close();
        if (error) reject(error);
        else resolve(response!);
      };
      socket.on('error', (error) => finish(error));
      socket.on('message', (message) => {
        try {
          const response = decodeResponse(message);
          // Ignore stray datagrams that do not answer this query (spoofing or late replies).
          if (response.id === id) finish(null, response);
        } catch (error) {
          finish(error as Error);
        }
      });
      // The clock starts once the query is on the wire (the socket binds first, a turn later), and timers
      // run before I/O in a turn of the event loop: after a stall of our own (a synchronous compile, a long
      // GC) the answer may be waiting unread when the timer fires. setImmediate runs after the poll phase
      // has read it, so only a reply that really did not come counts as a timeout.
      socket.send(encodeQuery(id, name, type), server.port, server.host, (error) => {
        if (error) return finish(error);
        timer = setTimeout(
          () =>
            setImmediate(() =>
              finish(new DnsTimeoutError(`dns: timeout asking ${server.host}:${server.port} for ${name}`)),
            ),
          this.timeoutMs,
        );
      });
    });
  }

  private tcp(server: DnsServerAddress, name: string, type: RrTypeName): Promise<DnsResponse> {
    const query = encodeQuery(randomInt(0, 0xffff), name, type);
    const framed = Buffer.concat([Buffer.from([query.length >> 8, query.length & 0xff]), query]);
    return new Promise<DnsResponse>((resolve, reject) => {
      const socket = connect({ host: server.host, port: server.port });
      let buffered = Buffer.alloc(0);
      socket.setTimeout(this.timeoutMs, () => socket.destroy(new DnsTimeoutError(`dns: tcp timeout for ${name}`)));
      socket.on('error', reject);
      socket.on('connect', () => socket.write(framed));
      socket.on('data', (chunk) => {
        buffered = Buffer.concat([buffered, chunk]);
        if (buffered.length >= 2 && buffered.length >= buffered.readUInt16BE(0) + 2) {
          socket.destroy();
          try {
            resolve(decodeResponse(buffered.subarray(2)));
          } catch (error) {
            reject(error);
          }
        }
      });
    });
  }
}
