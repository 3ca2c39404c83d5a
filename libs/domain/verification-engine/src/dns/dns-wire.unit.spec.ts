import dns2 from 'dns2';
import { decodeResponse, encodeQuery } from './dns-wire';

const { Packet } = dns2;

function answer(query: Buffer, fill: (response: InstanceType<typeof Packet>) => void): Buffer {
  const request = Packet.parse(query);
  const response = Packet.createResponseFromRequest(request);
  fill(response);
  return response.toBuffer();
}

describe('DNS wire format', () => {
  it('encodes a question another implementation can read', () => {
    const request = Packet.parse(encodeQuery(4242, 'acme.test', 'MX'));
    expect(request.header.id).toBe(4242);
    expect(request.questions[0]).toMatchObject({ name: 'acme.test', type: Packet.TYPE.MX });
  });

  it('decodes MX answers with preference, exchange and TTL', () => {
    const wire = answer(encodeQuery(1, 'acme.test', 'MX'), (r) => {
      r.answers.push({
        name: 'acme.test',
        type: Packet.TYPE.MX,
        class: Packet.CLASS.IN,
        ttl: 77,
        exchange: 'MX1.acme.test',
        priority: 10,
      } as never);
    });
    expect(decodeResponse(wire).answers).toEqual([
      { type: 'MX', name: 'acme.test', ttl: 77, preference: 10, exchange: 'mx1.acme.test' },
    ]);
  });

  it('reads a null MX as an empty exchange', () => {
    const wire = answer(encodeQuery(2, 'nullmx.test', 'MX'), (r) => {
      r.answers.push({
        name: 'nullmx.test',
        type: Packet.TYPE.MX,
        class: Packet.CLASS.IN,
        ttl: 60,
        exchange: '',
        priority: 0,
      } as never);
    });
    expect(decodeResponse(wire).answers[0]).toMatchObject({ exchange: '', preference: 0 });
  });

  it('decodes A and compressed AAAA addresses', () => {
    const wire = answer(encodeQuery(3, 'host.test', 'AAAA'), (r) => {
      r.answers.push({
        name: 'host.test',
        type: Packet.TYPE.AAAA,
        class: Packet.CLASS.IN,
        ttl: 30,
        address: '2001:db8::1',
      } as never);
      r.answers.push({
        name: 'host.test',
        type: Packet.TYPE.A,
        class: Packet.CLASS.IN,
        ttl: 30,
        address: '127.0.0.9',
      } as never);
    });
    expect(decodeResponse(wire).answers.map((a) => ('address' in a ? a.address : ''))).toEqual([
      '2001:db8::1',
      '127.0.0.9',
    ]);
  });

  it('exposes the response code so NXDOMAIN and SERVFAIL can be told apart', () => {
    const wire = answer(encodeQuery(4, 'missing.test', 'MX'), (r) => {
      r.header.rcode = 3;
    });
    expect(decodeResponse(wire)).toMatchObject({ id: 4, rcode: 3, answers: [] });
  });

  it("decodes a CNAME answer with its lowercased target, ahead of the target's address", () => {
    const wire = answer(encodeQuery(5, 'mx.alias.test', 'A'), (r) => {
      r.answers.push({
        name: 'mx.alias.test',
        type: Packet.TYPE.CNAME,
        class: Packet.CLASS.IN,
        ttl: 40,
        domain: 'Mail.Real.test',
      } as never);
      r.answers.push({
        name: 'mail.real.test',
        type: Packet.TYPE.A,
        class: Packet.CLASS.IN,
        ttl: 20,
        address: '127.0.0.7',
      } as never);
    });
    expect(decodeResponse(wire).answers).toEqual([
      { type: 'CNAME', name: 'mx.alias.test', ttl: 40, target: 'mail.real.test' },
      // Owner names keep the case compression points them at; the resolver compares them case-blind.
      { type: 'A', name: expect.stringMatching(/^mail\.real\.test$/i), ttl: 20, address: '127.0.0.7' },
    ]);
  });
});
