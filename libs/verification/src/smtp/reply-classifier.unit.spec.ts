import { REJECTION_TEXTS } from './rejection-texts.fixture';
import { classifyRcptReply, MAILBOX_REJECTIONS } from './reply-classifier';
import { parseReplyLine } from './smtp-reply';

describe('RCPT reply classification', () => {
  it('has at least 100 real-world replies in the fixture', () => {
    expect(REJECTION_TEXTS.length).toBeGreaterThanOrEqual(100);
  });

  describe.each(REJECTION_TEXTS)('$source: $reply', ({ reply, expect: expected }) => {
    it(`is classified as ${expected}`, () => {
      expect(classifyRcptReply(parseReplyLine(reply))).toBe(expected);
    });
  });

  describe('when a reply carries both policy and mailbox words', () => {
    it('lets the policy evidence win, so no blocklist bounce becomes invalid', () => {
      const kind = classifyRcptReply(parseReplyLine('550 5.1.1 User unknown; client blocked using zen.spamhaus.org'));
      expect(MAILBOX_REJECTIONS.has(kind)).toBe(false);
    });
  });

  describe('when the code is temporary', () => {
    it('never reports a missing mailbox for a 4xx, whatever the text says', () => {
      expect(classifyRcptReply(parseReplyLine('450 4.1.1 <x@example.com>: Recipient address rejected: User unknown'))).not.toBe('no_mailbox');
    });
  });
});
