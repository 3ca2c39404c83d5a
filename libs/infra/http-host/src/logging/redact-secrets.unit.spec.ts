import { redactSecrets } from './redact-secrets';

const KEY = 'mk_0123456789abcdef_q0V9xY-_zzAbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('redacting secrets from a log line', () => {
  it.each([
    [
      'an API key in the query',
      `{"url":"/v1/credits/balance?X-API-KEY=${KEY}&x=1"}`,
      '{"url":"/v1/credits/balance?X-API-KEY=[REDACTED]&x=1"}',
    ],
    [
      'an api_key parameter of another spelling',
      '{"url":"/v1/jobs?api_key=abc123&page=2"}',
      '{"url":"/v1/jobs?api_key=[REDACTED]&page=2"}',
    ],
    [
      'a mailed token',
      '{"url":"/reset-password?token=3349518220705792.q0V9abc"}',
      '{"url":"/reset-password?token=[REDACTED]"}',
    ],
    [
      'a key header',
      `{"headers":{"x-api-key":"${KEY}","accept":"*/*"}}`,
      '{"headers":{"x-api-key":"[REDACTED]","accept":"*/*"}}',
    ],
    ['a session cookie', '{"cookie":"mc_session=abc.def; theme=dark"}', '{"cookie":"[REDACTED]"}'],
    [
      'a password in a body',
      '{"body":{"email":"a@b.test","password":"hunter2 \\"quoted\\""}}',
      '{"body":{"email":"a@b.test","password":"[REDACTED]"}}',
    ],
    [
      'a password in JSON text inside a message',
      '{"msg":"body {\\"newPassword\\":\\"hunter2\\"}"}',
      '{"msg":"body {\\"newPassword\\":\\"[REDACTED]\\"}"}',
    ],
    [
      'a bearer token',
      '{"msg":"authorization: Bearer test-admin-token"}',
      '{"msg":"authorization: Bearer [REDACTED]"}',
    ],
    ['a webhook secret', '{"msg":"rotated to whsec_00ff00ff"}', '{"msg":"rotated to whsec_[REDACTED]"}'],
    ['an API key in free text', `{"msg":"bad key ${KEY}."}`, '{"msg":"bad key mk_0123456789abcdef_[REDACTED]."}'],
  ])('removes %s', (_what, line, expected) => {
    expect(redactSecrets(line)).toBe(expected);
  });

  it('leaves a line without secrets as it was', () => {
    const line =
      '{"level":"info","reqId":"r1","req":{"method":"GET","url":"/v1/verify/single?email=jane%40acme.test"},"msg":"incoming request"}';
    expect(redactSecrets(line)).toBe(line);
  });
});
