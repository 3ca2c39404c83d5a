/**
 * A DNS server on 127.0.0.1 (random UDP port, dns2 2.x) serving test zones.
 *
 *   const dns = await startDnsPeer({
 *     'acme.test': { mx: [{ exchange: 'mx1.acme.test', priority: 10 }], ttl: 60 },
 *     'mx1.acme.test': { a: ['127.0.0.1'] },
 *     'nullmx.test': { mx: [{ exchange: '', priority: 0 }] },   // RFC 7505 null MX
 *     'broken.test': { rcode: 'SERVFAIL' },
 *     'mx.alias.test': { cname: 'mx1.acme.test' },                  // an MX target that is an alias
 *   });
 *   engine config: { dnsServers: [dns.server] }; await dns.close();
 *
 * Names not in the zones answer NXDOMAIN; a listed name without records of the asked type
 * answers NOERROR with no answers. `rcode` forces SERVFAIL, NXDOMAIN or REFUSED; `dropQueries`
 * never answers (a timeout). `queries` counts questions per "name TYPE", to prove caching.
 * A `cname` entry answers every question with its alias. Like a recursive resolver the peer chases
 * the chain through its own zones and adds what it finds (NXDOMAIN when the chain ends at a missing
 * name, at most MAX_CHASE links, so a loop ends too); `{ chaseCnames: false }` answers the first link
 * alone, as an authoritative server for another zone would.
 */
import dns2 from 'dns2';

export interface ZoneEntry {
  mx?: Array<{ exchange: string; priority: number }>;
  a?: string[];
  aaaa?: string[];
  ttl?: number;
  rcode?: 'SERVFAIL' | 'NXDOMAIN' | 'REFUSED';
  dropQueries?: boolean;
  /** The name is an alias of this one (a CNAME record). */
  cname?: string;
}

export interface DnsPeerOptions {
  /** Follow CNAMEs through the peer's own zones, as recursive resolvers do (default true). */
  chaseCnames?: boolean;
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
const TYPE_NAMES: Record<number, string> = {
  [Packet.TYPE.A]: 'A',
  [Packet.TYPE.AAAA]: 'AAAA',
  [Packet.TYPE.MX]: 'MX',
  [Packet.TYPE.CNAME]: 'CNAME',
};
// More links than any client follows: a loop is answered with a long chain, never chased for ever.
const MAX_CHASE = 16;

export async function startDnsPeer(zones: Record<string, ZoneEntry>, options: DnsPeerOptions = {}): Promise<DnsPeer> {
  const chase = options.chaseCnames ?? true;
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
      let owner = name;
      let entry = lowered.get(owner);
      if (entry?.dropQueries) return;
      let cut = false;
      for (let links = 1; entry?.cname && question.type !== Packet.TYPE.CNAME; links++) {
        response.answers.push(cnameRecord(owner, entry) as (typeof response.answers)[number]);
        owner = entry.cname.toLowerCase();
        cut = !chase || links >= MAX_CHASE;
        if (cut) break;
        entry = lowered.get(owner);
      }
      // A cut chain (an alias left unchased, a loop) is answered with the links found so far.
      if (cut) response.header.rcode = RCODES.NOERROR;
      else if (!entry) response.header.rcode = RCODES.NXDOMAIN;
      else if (entry.rcode) response.header.rcode = RCODES[entry.rcode];
      else if (question.type === Packet.TYPE.CNAME && entry.cname)
        response.answers.push(cnameRecord(owner, entry) as (typeof response.answers)[number]);
      else response.answers.push(...(answersFor(owner, question.type, entry) as typeof response.answers));
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

function cnameRecord(owner: string, entry: ZoneEntry): object {
  return { name: owner, type: Packet.TYPE.CNAME, class: Packet.CLASS.IN, ttl: entry.ttl ?? 300, domain: entry.cname };
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
