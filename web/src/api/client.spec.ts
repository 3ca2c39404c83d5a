import { ApiError, readCookie, readEnvelope } from './client';
import { describeError } from './errors';

const answer = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers });

describe('API answers in the browser', () => {
  it('returns data from a success envelope', async () => {
    expect(
      await readEnvelope(answer(200, JSON.stringify({ status: 'success', data: { balance: 5 }, error: null }))),
    ).toEqual({ balance: 5 });
  });

  it('turns an error envelope into an ApiError with the code and Retry-After', async () => {
    const error = await readEnvelope(
      answer(
        429,
        JSON.stringify({ status: 'error', data: null, error: { code: 1201, message: 'Rate limit exceeded.' } }),
        { 'retry-after': '3' },
      ),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 1201, retryAfter: 3, message: 'Rate limit exceeded.' });
    expect(describeError(error)).toEqual({
      text: 'Rate limit exceeded. Wait a few seconds and try again.',
      details: 'Rate limit exceeded. (code 1201)',
    });
  });

  it('explains what to do for the codes a user can act on', () => {
    expect(describeError(new ApiError(402, 2001, 'Not enough credits for this request.')).text).toBe(
      'Not enough credits for this request. Buy credits on the Billing page, then try again.',
    );
    expect(describeError(new ApiError(403, 6002, 'Missing or wrong X-CSRF-Token header.')).text).toContain(
      'Reload the page',
    );
  });

  it("names the server's upload limits in the advice for an oversized list, and no number it does not know", () => {
    const limits = { maxUploadBytes: 2048, maxUniqueEmails: 3 };
    expect(describeError(new ApiError(413, 3003, 'The upload is too large.'), limits).text).toBe(
      'The upload is too large. Split the file into parts under 2 KB.',
    );
    expect(describeError(new ApiError(400, 3005, 'Too many addresses.'), limits).text).toBe(
      'Too many addresses. Split the file into parts of at most 3 addresses.',
    );
    expect(describeError(new ApiError(413, 3003, 'The upload is too large.'), null).text).toBe(
      'The upload is too large. Split the file into parts.',
    );
  });

  it('still says something clear when a proxy answers with a non-JSON page', async () => {
    const error = await readEnvelope(answer(502, '<html>Bad Gateway</html>')).catch((e) => e);
    expect(error).toMatchObject({ status: 502, code: 0 });
    expect(describeError(error)).toEqual({ text: 'The service answered 502. Try again in a moment.', details: null });
  });

  it('finding 8: says a validation error in a plain sentence and keeps the code for the details', () => {
    const error = new ApiError(
      400,
      1006,
      'label: must not be blank; label: must be longer than or equal to 1 characters',
    );
    expect(describeError(error)).toEqual({
      text: 'The label is required.',
      details: 'label: must not be blank; label: must be longer than or equal to 1 characters (code 1006)',
    });
    expect(describeError(new ApiError(400, 4002, 'url must use https.')).text).toBe(
      'The address must be a full web address starting with https://, without a user name or password.',
    );
    expect(describeError(new ApiError(400, 4002, 'url must use https.')).text).not.toMatch(/code/);
  });

  it('reads the CSRF cookie among others', () => {
    expect(readCookie('mc_csrf', 'a=1; mc_csrf=tok%2Fen; b=2')).toBe('tok/en');
    expect(readCookie('mc_csrf', 'a=1')).toBeNull();
  });
});
