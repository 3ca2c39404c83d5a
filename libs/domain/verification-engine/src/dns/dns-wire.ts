// Just enough of RFC 1035 to ask for MX, A and AAAA and read RCODE, TTLs and CNAME chains, which
// Node's resolver does not expose for MX.

export const RR_TYPE = { A: 1, CNAME: 5, MX: 15, AAAA: 28 } as const;
export type RrTypeName = keyof typeof RR_TYPE;
export const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3 } as const;

export type DnsAnswer =
  | { type: 'A' | 'AAAA'; name: string; ttl: number; address: string }
  | { type: 'MX'; name: string; ttl: number; preference: number; exchange: string }
  | { type: 'CNAME'; name: string; ttl: number; target: string };

export interface DnsResponse {
  id: number;
  rcode: number;
  truncated: boolean;
  answers: DnsAnswer[];
  /** Negative-caching TTL from the SOA in the authority section (RFC 2308), when present. */
  negativeTtl: number | null;
}

export function encodeQuery(id: number, name: string, type: RrTypeName): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  header.writeUInt16BE(0x0100, 2); // RD
  header.writeUInt16BE(1, 4);
  const labels = name.replace(/\.$/, '').split('.').filter(Boolean);
  const qname = Buffer.concat([
    ...labels.map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'ascii')])),
    Buffer.from([0]),
  ]);
  const tail = Buffer.alloc(4);
  tail.writeUInt16BE(RR_TYPE[type], 0);
  tail.writeUInt16BE(1, 2);
  return Buffer.concat([header, qname, tail]);
}

function readName(buf: Buffer, start: number): { name: string; next: number } {
  const labels: string[] = [];
  let offset = start;
  let next = -1;
  for (let hops = 0; hops < 64; hops++) {
    const len = buf[offset];
    if (len === undefined) throw new Error('dns: truncated name');
    if ((len & 0xc0) === 0xc0) {
      if (next < 0) next = offset + 2;
      offset = ((len & 0x3f) << 8) | buf[offset + 1];
      continue;
    }
    if (len === 0) return { name: labels.join('.'), next: next < 0 ? offset + 1 : next };
    labels.push(buf.toString('ascii', offset + 1, offset + 1 + len));
    offset += len + 1;
  }
  throw new Error('dns: name compression loop');
}

function ipv6(buf: Buffer, at: number): string {
  const groups: number[] = [];
  for (let i = 0; i < 8; i++) groups.push(buf.readUInt16BE(at + i * 2));
  // RFC 5952 text form: the longest run of two or more zero groups becomes '::'.
  let best = { start: -1, len: 0 };
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.len && j - i >= 2) best = { start: i, len: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.len).join(':')}`;
}

export function decodeResponse(buf: Buffer): DnsResponse {
  if (buf.length < 12) throw new Error('dns: short response');
  const flags = buf.readUInt16BE(2);
  const counts = [buf.readUInt16BE(4), buf.readUInt16BE(6), buf.readUInt16BE(8)];
  let offset = 12;
  for (let q = 0; q < counts[0]; q++) offset = readName(buf, offset).next + 4;
  const answers: DnsAnswer[] = [];
  let negativeTtl: number | null = null;
  for (let r = 0; r < counts[1] + counts[2]; r++) {
    const { name, next } = readName(buf, offset);
    const type = buf.readUInt16BE(next);
    const ttl = buf.readUInt32BE(next + 4);
    const rdlen = buf.readUInt16BE(next + 8);
    const rdata = next + 10;
    const isAnswer = r < counts[1];
    if (isAnswer && type === RR_TYPE.A && rdlen === 4)
      answers.push({ type: 'A', name, ttl, address: [...buf.subarray(rdata, rdata + 4)].join('.') });
    if (isAnswer && type === RR_TYPE.AAAA && rdlen === 16)
      answers.push({ type: 'AAAA', name, ttl, address: ipv6(buf, rdata) });
    if (isAnswer && type === RR_TYPE.MX)
      answers.push({
        type: 'MX',
        name,
        ttl,
        preference: buf.readUInt16BE(rdata),
        exchange: readName(buf, rdata + 2).name.toLowerCase(),
      });
    if (isAnswer && type === RR_TYPE.CNAME)
      answers.push({ type: 'CNAME', name, ttl, target: readName(buf, rdata).name.toLowerCase() });
    if (!isAnswer && type === 6) negativeTtl = Math.min(ttl, buf.readUInt32BE(rdata + rdlen - 4));
    offset = rdata + rdlen;
  }
  return { id: buf.readUInt16BE(0), rcode: flags & 0x0f, truncated: (flags & 0x0200) !== 0, answers, negativeTtl };
}
