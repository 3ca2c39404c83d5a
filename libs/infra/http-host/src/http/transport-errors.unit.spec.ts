import { clientErrorResponse } from './transport-errors';

function parse(raw: string) {
  const [head, body] = raw.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(headerLines.map((line) => line.split(': ') as [string, string]));
  return { status: Number(statusLine.split(' ')[1]), statusLine, headers, body };
}

describe('the answer to a request Node cannot parse', () => {
  it.each([
    ['headers over the size limit', 'HPE_HEADER_OVERFLOW', 431, 1010],
    ['headers that arrive too slowly', 'ERR_HTTP_REQUEST_TIMEOUT', 408, 1011],
    ['a malformed request line', 'HPE_INVALID_METHOD', 400, 1006],
    ['an error without a code', undefined, 400, 1006],
  ])('answers %s with the envelope', (_what, nodeCode, status, code) => {
    const answer = parse(clientErrorResponse(nodeCode));
    expect(answer.statusLine).toMatch(new RegExp(`^HTTP/1\\.1 ${status} \\w`));
    expect(answer.headers).toMatchObject({
      'Content-Type': 'application/json; charset=utf-8',
      Connection: 'close',
      'Content-Length': String(Buffer.byteLength(answer.body)),
    });
    expect(JSON.parse(answer.body)).toEqual({
      status: 'error',
      data: null,
      error: { code, message: expect.stringMatching(/\S/) },
    });
  });
});
