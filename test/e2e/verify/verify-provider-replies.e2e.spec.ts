import { EventStore } from '@lib/eventstore';
import type { ZoneEntry } from '../../support/peers/dns-peer';
import { reply } from '../../support/peers/smtp-peer';
import type { TestApp } from '../../support/test-app';
import { startVerifyWorld, VerifyWorld } from './verify-world';

/** A domain whose MX host name says Microsoft 365 (the provider playbook keys its rules by MX), served on loopback. */
function m365(domain: string): Record<string, ZoneEntry> {
  const host = `${domain.replace(/\./g, '-')}.mail.protection.outlook.com`;
  return { [domain]: { mx: [{ exchange: host, priority: 0 }] }, [host]: { a: ['127.0.0.1'] } };
}

const EDGE_BLOCK =
  '5.4.1 Recipient address rejected: Access denied. AS(201806281) [BN1NAM02FT011.eop-nam02.prod.protection.outlook.com]';
const IP_BANNED =
  '5.7.606 Access denied, banned sending IP [127.0.0.1]. To request removal from this list please visit https://sender.office.com/ and follow the directions. (AS16012609)';
const BLOCK_LIST =
  "5.7.1 Unfortunately, messages from [127.0.0.1] weren't sent. Please contact your Internet service provider since part of their network is on our block list (S3150).";

describe('verification against a Microsoft 365 tenant', () => {
  let world: VerifyWorld;
  let app: TestApp;

  beforeAll(async () => {
    world = await startVerifyWorld(
      {},
      {
        domains: {
          // Directory-based edge blocking: every address outside the directory gets the 5.4.1.
          'contoso.test': { default: reply(550, EDGE_BLOCK) },
          'fabrikam.test': { default: reply(550, IP_BANNED), recipients: { listed: reply(550, BLOCK_LIST) } },
        },
        zones: { ...m365('contoso.test'), ...m365('fabrikam.test') },
      },
    );
    app = world.app;
  });
  afterAll(() => world?.close());

  const verify = async (email: string) => {
    const { apiKey } = await app.createAccount(5);
    return (await app.request('POST', '/v1/verify/single', { key: apiKey, body: { email } })).body.data;
  };

  it('reads edge blocking of an unknown recipient as invalid/no_mailbox and charges 1 credit', async () => {
    expect(await verify('ghost@contoso.test')).toMatchObject({
      result: 'invalid',
      subResult: 'no_mailbox',
      provider: 'microsoft365',
      creditsCharged: 1,
      creditsRemaining: 4,
    });
  });

  it('keeps a banned sending IP (5.7.606-649) unknown and free', async () => {
    expect(await verify('anyone@fabrikam.test')).toMatchObject({
      result: 'unknown',
      subResult: 'ip_blocked',
      creditsCharged: 0,
      creditsRemaining: 5,
    });
  });

  it('keeps the S3150 network block unknown and free', async () => {
    expect(await verify('listed@fabrikam.test')).toMatchObject({
      result: 'unknown',
      subResult: 'ip_blocked',
      creditsCharged: 0,
      creditsRemaining: 5,
    });
  });

  describe('evidence', () => {
    const edgeEvidence = {
      mxHost: 'contoso-test.mail.protection.outlook.com',
      mxAddress: '127.0.0.1',
      smtpCode: 550,
      smtpEnhanced: '5.4.1',
      smtpReply: EDGE_BLOCK,
      egressRoute: 'default',
    };

    it('adds the MX host and address and the deciding reply when evidence=true, and not otherwise', async () => {
      const { apiKey } = await app.createAccount(5);
      const plain = await app.request('POST', '/v1/verify/single', {
        key: apiKey,
        body: { email: 'ghost@contoso.test' },
      });
      expect(plain.body.data).not.toHaveProperty('smtpReply');
      const withEvidence = await app.request('POST', '/v1/verify/single', {
        key: apiKey,
        body: { email: 'ghost@contoso.test', evidence: true },
      });
      expect(withEvidence.body.data).toMatchObject({ result: 'invalid', ...edgeEvidence });
      const viaQuery = await app.request('GET', '/v1/verify/single?email=ghost%40contoso.test&evidence=true', {
        key: apiKey,
      });
      expect(viaQuery.body.data).toMatchObject(edgeEvidence);
    });

    it('adds it per position in a batch, null where no SMTP reply decided', async () => {
      const { apiKey } = await app.createAccount(5);
      const res = await app.request('POST', '/v1/verify/batch', {
        key: apiKey,
        body: { emails: ['ghost@contoso.test', 'not-an-address'], evidence: true },
      });
      expect(res.body.data.results[0]).toMatchObject(edgeEvidence);
      expect(res.body.data.results[1]).toMatchObject({
        result: 'invalid',
        mxHost: null,
        mxAddress: null,
        smtpCode: null,
        smtpEnhanced: null,
        smtpReply: null,
        egressRoute: null,
      });
    });

    it('keeps it in the verification event whether or not the caller asked', async () => {
      const events = await app.running.app.get(EventStore).readAll({ eventTypes: ['EmailVerified'] });
      const ghost = events
        .map((e) => (e.data as { verdict: { email: string; smtp?: object } }).verdict)
        .filter((v) => v.email === 'ghost@contoso.test');
      expect(ghost.length).toBeGreaterThan(0);
      for (const verdict of ghost) {
        expect(verdict.smtp).toEqual({
          mxHost: edgeEvidence.mxHost,
          mxAddress: '127.0.0.1',
          code: 550,
          enhanced: '5.4.1',
          message: EDGE_BLOCK,
          route: 'default',
        });
      }
    });

    it('refuses an evidence flag that is not a boolean', async () => {
      const { apiKey } = await app.createAccount(5);
      const res = await app.request('POST', '/v1/verify/single', {
        key: apiKey,
        body: { email: 'ghost@contoso.test', evidence: 'yes' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 'error', data: null });
    });
  });
});
