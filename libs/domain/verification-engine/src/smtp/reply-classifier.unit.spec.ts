import { PROVIDER_REPLY_RULES } from '../providers/provider-reply-rules';
import { REJECTION_TEXTS, SOURCED_REJECTION_TEXTS } from './fixtures/rejection-texts';
import { MAILBOX_REJECTIONS } from './rcpt-class';
import { classifyRcptReply, classifySessionRefusal } from './reply-classifier';
import { parseReplyLine } from './smtp-reply';

describe('RCPT reply classification', () => {
  it('has at least 250 real replies whose source is a document or bounce address', () => {
    expect(SOURCED_REJECTION_TEXTS.length).toBeGreaterThanOrEqual(250);
    for (const c of SOURCED_REJECTION_TEXTS) expect(c.source).toMatch(/^(https?:\/\/|sisimai\/)/);
  });

  it('covers the unknown-user and the policy replies of every major provider', () => {
    const sources = (pattern: RegExp, kind: string) =>
      SOURCED_REJECTION_TEXTS.filter((c) => pattern.test(`${c.source} ${c.mx ?? ''} ${c.reply}`) && c.expect === kind);
    for (const provider of [
      /google/,
      /outlook|microsoft/,
      /yahoo/,
      /icloud/,
      /zoho/,
      /gmx|web\.de/,
      /mimecast|barracuda|trendmicro|iphmx/,
    ]) {
      expect(
        sources(provider, 'no_mailbox').length +
          sources(provider, 'ip_blocked').length +
          sources(provider, 'policy_rejection').length,
      ).toBeGreaterThan(1);
    }
  });

  describe.each(REJECTION_TEXTS)('$source: $reply', ({ reply, mx, expect: expected }) => {
    it(`is classified as ${expected}`, () => {
      expect(classifyRcptReply(parseReplyLine(reply), mx)).toBe(expected);
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
      expect(
        classifyRcptReply(parseReplyLine('450 4.1.1 <x@example.com>: Recipient address rejected: User unknown')),
      ).not.toBe('no_mailbox');
    });
  });

  describe('provider rules keyed by MX', () => {
    const edgeBlock = parseReplyLine('550 5.4.1 Recipient address rejected: Access denied. AS(201806281)');

    it('reads Exchange Online directory-based edge blocking as a missing mailbox on a Microsoft 365 MX', () => {
      expect(classifyRcptReply(edgeBlock, 'contoso-com.mail.protection.outlook.com')).toBe('no_mailbox');
    });

    it('keeps the same text a policy refusal on any other server', () => {
      expect(classifyRcptReply(edgeBlock, 'mail.example.net')).toBe('ip_blocked');
      expect(classifyRcptReply(edgeBlock)).toBe('ip_blocked');
    });

    it('keeps Microsoft 365 IP blocks unknown', () => {
      for (const text of [
        '550 5.7.606 Access denied, banned sending IP [203.0.113.5]',
        "550 5.7.1 Unfortunately, messages from [203.0.113.5] weren't sent. Please contact your Internet service provider since part of their network is on our block list (S3150).",
      ]) {
        expect(classifyRcptReply(parseReplyLine(text), 'contoso-com.mail.protection.outlook.com')).toBe('ip_blocked');
      }
    });

    it("reads the gateways' and Yandex's directory answers only on their own MX", () => {
      const invalidAtProofpoint = parseReplyLine(
        '550 5.7.1 <a@example.net>: Recipient address rejected: User email address is marked as invalid.',
      );
      expect(classifyRcptReply(invalidAtProofpoint, 'mx1-us1.ppe-hosted.com')).toBe('no_mailbox');
      expect(classifyRcptReply(invalidAtProofpoint, 'mail.example.net')).toBe('policy_rejection');
      const blockedAtYandex = parseReplyLine('550 5.7.1 Policy rejection on the target address');
      expect(classifyRcptReply(blockedAtYandex, 'mx.yandex.net')).toBe('mailbox_disabled');
      expect(classifyRcptReply(blockedAtYandex)).toBe('policy_rejection');
    });

    it('names a documented source for every rule', () => {
      for (const rule of PROVIDER_REPLY_RULES) expect(rule.source).toMatch(/^https:\/\//);
    });
  });
  describe('a reply that refused the session (banner, EHLO, MAIL FROM)', () => {
    it('is never read as a verdict on a mailbox', () => {
      expect(classifySessionRefusal(parseReplyLine('550 5.1.1 User unknown'))).toBe('policy_rejection');
      expect(classifySessionRefusal(parseReplyLine('550 5.2.1 Account disabled'))).toBe('policy_rejection');
      // 251 is a RCPT reply; to MAIL FROM it is no sender acceptance the prober knows, and never a mailbox's.
      expect(classifySessionRefusal(parseReplyLine('251 User not local; will forward'))).toBe('policy_rejection');
    });

    it('keeps its rate, block and temporary meanings', () => {
      expect(classifySessionRefusal(parseReplyLine('421 4.7.0 Too many connections, try later'))).toBe('rate_limited');
      expect(classifySessionRefusal(parseReplyLine('554 5.7.1 Client host blocked using zen.spamhaus.org'))).toBe(
        'ip_blocked',
      );
    });
  });
});
