import { eventually, present } from '@lib/common/testing';
import { accept, DomainScript, greylist, reject, SmtpPeer } from '../../support/peers/smtp-peer';
import type { DnsPeer } from '../../support/peers/dns-peer';
import { MailPeers, startMailPeers } from '../../support/peers/mail-peers';
import { Clock } from '@lib/common';
import { CreditLedger } from '@lib/ledger';
import { EventStore, runCommand } from '@lib/eventstore';
import {
  EmailFinder,
  finderCallDecider,
  finderCallStream,
  FINDER_PRICE,
  KNOWN_ADDRESSES_COLLECTION,
  validateFinderInput,
} from '@lib/finder/testing';
import { ReadStore } from '@lib/readstore';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * Companies on loopback peers, each with its own mailbox format:
 * first.last (jane.doe), flast (jdoe), first (jane), catch-all, German transliteration (jmueller for
 * José Müller), a particle surname written without its particle (aberg for Anna van der Berg), a
 * company that gives people their nickname (mike.doe for Michael Doe), a domain whose server
 * greylists one mailbox forever (learns.test), a company using the surname alone (doe, mueller at
 * last.test: the one format a contact with only a last name can reach), and one without MX.
 */
export const COMPANIES = {
  'firstlast.test': { recipients: { 'jane.doe': accept(), 'bob.stone': accept() } },
  'flast.test': { recipients: { jdoe: accept() } },
  'first.test': { recipients: { jane: accept() } },
  'catchall.test': { default: accept() },
  'umlaut.test': { recipients: { jmueller: accept() } },
  'particle.test': { recipients: { aberg: accept() } },
  'nick.test': { recipients: { 'mike.doe': accept() } },
  'learns.test': { recipients: { 'bob.stone': accept(), 'carol.white': greylist(1_000) } },
  'last.test': { recipients: { doe: accept(), mueller: accept() } },
};

export interface FinderWorld {
  app: TestApp;
  smtp: SmtpPeer;
  dns: DnsPeer;
  /** RCPT addresses the SMTP peer saw for a domain (the catch-all probe included). */
  rcptsFor(domain: string): string[];
  close(): Promise<void>;
}

/** The SMTP scripts of COMPANIES: every mailbox not listed is rejected. */
export const COMPANY_DOMAINS: Record<string, DomainScript> = Object.fromEntries(
  Object.entries(COMPANIES).map(([d, s]) => [d, { default: reject(), ...s }]),
);

/** The peers of COMPANIES, and nomx.test without MX. */
export type FinderPeers = MailPeers;

export function startFinderPeers(env: Record<string, string> = {}): Promise<FinderPeers> {
  return startMailPeers(COMPANY_DOMAINS, { zones: { 'nomx.test': {} }, env });
}

export async function startFinderWorld(
  env: Record<string, string> = {},
  overrides: { clock?: Clock } = {},
): Promise<FinderWorld> {
  const peers = await startFinderPeers(env);
  const { smtp, dns } = peers;
  const app = await startTestApp(peers.env, overrides);
  return {
    app,
    smtp,
    dns,
    rcptsFor: (domain) => smtp.stats.rcpts.map((r) => r.address.toLowerCase()).filter((a) => a.endsWith(`@${domain}`)),
    async close() {
      await app.close();
      await peers.close();
    },
  };
}

/**
 * What a single find that died part-way left behind, for the crash cases: its answer (a real find against
 * the loopback companies) recorded under `findId`, as the process recorded it before settling.
 */
export async function recordFindAnswer(
  app: TestApp,
  accountId: string,
  findId: number,
  contact: Parameters<typeof validateFinderInput>[0],
) {
  const input = validateFinderInput(contact);
  const outcome = await app.running.app.get(EmailFinder).find(input);
  await runCommand(app.running.app.get(EventStore), finderCallStream(findId), finderCallDecider, {
    type: 'RecordFinderOutcome',
    findId,
    accountId,
    keyId: 'key-test',
    source: { kind: 'single' },
    input,
    outcome,
    at: new Date().toISOString(),
  });
  return outcome;
}

/** The credit hold a single find takes before probing (named by the call's stream), as a live process takes it. */
export function holdFind(app: TestApp, accountId: string, findId: number) {
  return app.running.app.get(CreditLedger).hold(accountId, {
    holdId: finderCallStream(findId),
    amount: FINDER_PRICE,
    purpose: 'finder',
    reference: `finder:${findId}`,
  });
}

/** Waits until the finder's memory of confirmed addresses (a projection) holds the domain. */
export async function waitForKnownAddress(world: { app: TestApp }, domain: string): Promise<void> {
  const collection = world.app.running.app.get(ReadStore).collection(KNOWN_ADDRESSES_COLLECTION);
  await eventually(async () => present(await collection.get(domain), `${domain} in ${KNOWN_ADDRESSES_COLLECTION}`), {
    intervalMs: 50,
  });
}

/** The credit stream itself, for what was held and charged, with no cache or projection in between. */
export async function creditEvents(app: TestApp, accountId: string): Promise<Array<{ type: string; amount?: number }>> {
  return (await app.running.app.get(EventStore).readStream(`credits-${accountId}`)).map((e) => ({
    type: e.type,
    amount: (e.data as { amount?: number }).amount,
  }));
}
