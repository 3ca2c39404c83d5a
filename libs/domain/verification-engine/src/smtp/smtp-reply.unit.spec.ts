import { SmtpReplyParser } from './smtp-reply';

describe('SMTP reply parser', () => {
  it('joins continuation lines into one reply and keeps the enhanced code', () => {
    const parser = new SmtpReplyParser();
    expect(parser.push('550-5.1.1 The email account that you tried to reach does not exist.\r\n')).toEqual([]);
    const [reply] = parser.push('550 5.1.1 https://support.google.com/mail/?p=NoSuchUser\r\n');
    expect(reply.code).toBe(550);
    expect(reply.enhanced).toBe('5.1.1');
    expect(reply.lines).toHaveLength(2);
  });

  it('handles replies split across and packed into chunks', () => {
    const parser = new SmtpReplyParser();
    expect(parser.push('250-mx.test\r\n250-STARTTLS\r\n250 SMTPU')).toEqual([]);
    const replies = parser.push('TF8\r\n250 2.1.0 Ok\r\n');
    expect(replies.map((r) => r.code)).toEqual([250, 250]);
    expect(replies[0].lines).toEqual(['mx.test', 'STARTTLS', 'SMTPUTF8']);
  });

  it('reads a reply without an enhanced status code', () => {
    const [reply] = new SmtpReplyParser().push("554 delivery error: dd This user doesn't have a yahoo.com account\n");
    expect(reply.enhanced).toBeUndefined();
    expect(reply.text).toContain('yahoo.com account');
  });
});
