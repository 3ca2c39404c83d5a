import { redactPersonal } from './redact-personal';

describe('personal data in log lines', () => {
  it('replaces an address, as it is and URL-encoded, wherever it stands', () => {
    expect(redactPersonal('{"msg":"could not reach Ada.Lovelace+x@Engines.example"}')).toBe(
      '{"msg":"could not reach [address]"}',
    );
    expect(redactPersonal('{"req":{"url":"/v1/verify/single?email=ada%40engines.example&timeout=5"}}')).toBe(
      '{"req":{"url":"/v1/verify/single?email=[REDACTED]&timeout=5"}}',
    );
    expect(redactPersonal('GET /x?to=ada%40engines.example')).toBe('GET /x?to=[address]');
  });

  it("replaces a person's names and domain, in a query and in JSON, and keeps what names no one", () => {
    expect(redactPersonal('/v1/finder?firstName=Ada&lastName=Lovelace&domain=engines.example&limit=1')).toBe(
      '/v1/finder?firstName=[REDACTED]&lastName=[REDACTED]&domain=[REDACTED]&limit=1',
    );
    expect(redactPersonal('{"firstName":"Ada","last_name":"Love\\"lace","jobId":7,"msg":"done"}')).toBe(
      '{"firstName":"[REDACTED]","last_name":"[REDACTED]","jobId":7,"msg":"done"}',
    );
    expect(redactPersonal('{"msg":"listening on http://127.0.0.1:3000","level":"info"}')).toBe(
      '{"msg":"listening on http://127.0.0.1:3000","level":"info"}',
    );
  });
});
