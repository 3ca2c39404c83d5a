/**
 * A DNS server on 127.0.0.1 (random UDP port, dns2 2.x) serving test zones.
 *
 *   const dns = await startDnsPeer({
 *     'acme.test': { mx: [{ exchange: 'mx1.acme.test', priority: 10 }], ttl: 60 },
 *     'mx1.acme.test': { a: ['127.0.0.1'] },
 *     'nullmx.test': { mx: [{ exchange: '', priority: 0 }] },   // RFC 7505 null MX
 *     'broken.test': { rcode: 'SERVFAIL' },
 *   });
 *   engine config: { dnsServers: [dns.server] }; await dns.close();
 *
 * Names not in the zones answer NXDOMAIN; a listed name without records of the asked type
 * answers NOERROR with no answers. `rcode` forces SERVFAIL, NXDOMAIN or REFUSED; `dropQueries`
 * never answers (a timeout). `queries` counts questions per "name TYPE", to prove caching.
 */
import dns2 from 'dns2';

export interface ZoneEntry {
  mx?: Array<{ exchange: string; priority: number }>;
  a?: string[];
  aaaa?: string[];
  ttl?: number;
  rcode?: 'SERVFAIL' | 'NXDOMAIN' | 'REFUSED';
  dropQueries?: boolean;
}

export interface DnsPeer {
  port: number;
  server: string;
  queries: Map<string, number>;
  close(): Promise<void>;
}

const { Packet } = dns2;
// dns2's typings omit RCODE; these are the RFC 1035 values.
const RCODES = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;
const TYPE_NAMES: Record<number, string> = { [Packet.TYPE.A]: 'A', [Packet.TYPE.AAAA]: 'AAAA', [Packet.TYPE.MX]: 'MX' };

export async function startDnsPeer(zones: Record<string, ZoneEntry>): Promise<DnsPeer> {
  const queries = new Map<string, number>();
  const lowered = new Map(Object.entries(zones).map(([name, entry]) => [name.toLowerCase(), entry]));
  const server = dns2.createServer({
    udp: true,
    handle: (request: InstanceType<typeof Packet>, send: (response: InstanceType<typeof Packet>) => void) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question.name.toLowerCase().replace(/\.$/, '');
      const key = `${name} ${TYPE_NAMES[question.type] ?? question.type}`;
      queries.set(key, (queries.get(key) ?? 0) + 1);
      const entry = lowered.get(name);
      if (entry?.dropQueries) return;
      if (!entry) response.header.rcode = RCODES.NXDOMAIN;
      else if (entry.rcode) response.header.rcode = RCODES[entry.rcode];
      else response.answers.push(...(answersFor(question.name, question.type, entry) as typeof response.answers));
      send(response);
    },
  });
  const listening = await server.listen({ udp: { port: 0, address: '127.0.0.1' } } as never);
  const port = (listening as { udp: { port: number } }).udp.port;
  return {
    port,
    server: `127.0.0.1:${port}`,
    queries,
    close: async () => {
      await server.close();
    },
  };
}

function answersFor(name: string, type: number, entry: ZoneEntry): object[] {
  const ttl = entry.ttl ?? 300;
  const base = { name, class: Packet.CLASS.IN, ttl };
  if (type === Packet.TYPE.MX)
    return (entry.mx ?? []).map((mx) => ({ ...base, type, exchange: mx.exchange, priority: mx.priority }));
  if (type === Packet.TYPE.A) return (entry.a ?? []).map((address) => ({ ...base, type, address }));
  if (type === Packet.TYPE.AAAA) return (entry.aaaa ?? []).map((address) => ({ ...base, type, address }));
  return [];
}
