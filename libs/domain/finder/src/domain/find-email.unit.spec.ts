import { FinderInputError } from './input/finder-input';
import { EmailFinder } from './find-email';
import { FakeClock } from '@lib/common/testing';
import { InMemoryEngine, InMemoryKnownAddresses, type FakeDomain } from '../testing/in-memory-engine';
import type { KnownAddressRecord } from '../finder.ports';

const FREE = new Set(['gmail.com', 'yahoo.com']);

function setUp(domains: Record<string, FakeDomain>, known: Record<string, KnownAddressRecord[]> = {}) {
  const clock = FakeClock.at(1_000);
  const engine = new InMemoryEngine(domains, clock);
  const finder = new EmailFinder(engine, new InMemoryKnownAddresses(known), {
    isFreeDomain: (domain) => FREE.has(domain),
    now: () => clock.now(),
  });
  return { finder, engine, clock };
}

const smithsOnLastFirst = [
  { email: 'jones.ann@acme.com', firstName: 'Ann', lastName: 'Jones' },
  { email: 'ray.bob@acme.com', firstName: 'Bob', lastName: 'Ray' },
  { email: 'lee.cy@acme.com', firstName: 'Cy', lastName: 'Lee' },
];

describe('email finder', () => {
  describe('when the first candidate exists', () => {
    it('returns it as Found / Ok / Good after one probe', async () => {
      const { finder } = setUp({ 'acme.com': { mailboxes: ['john.smith'], provider: 'google' } });
      const outcome = await finder.find({ firstName: 'John', lastName: 'Smith', domain: 'acme.com' });
      expect(outcome).toEqual({
        email: 'john.smith@acme.com',
        status: 'Found',
        quality: 'Good',
        result: 'Ok',
        reason: 'found',
        confidence: 90,
        provider: 'google',
        probesUsed: 1,
        pattern: 'first.last',
        executionMs: 40,
      });
    });
  });

  describe('when a later candidate exists', () => {
    it('keeps probing in prior order and stops at the first ok', async () => {
      const { finder, engine } = setUp({ 'acme.com': { mailboxes: ['j.smith', 'smith'] } });
      const outcome = await finder.find({ firstName: 'John', lastName: 'Smith', domain: 'acme.com' });
      expect(outcome).toMatchObject({ email: 'j.smith@acme.com', result: 'Ok', pattern: 'f.last', probesUsed: 8 });
      expect(outcome.confidence).toBe(85);
      expect(engine.calls[0].options).toMatchObject({ stopAtFirstOk: true, maxProbes: 16 });
    });

    it('gives up after its 16 candidates with Not Found when every probed candidate was rejected', async () => {
      const { finder } = setUp({ 'acme.com': { mailboxes: ['john.smith2'] } });
      const outcome = await finder.find({ firstName: 'John', lastName: 'Smith', domain: 'acme.com' });
      expect(outcome).toMatchObject({
        email: null,
        status: 'Not Found',
        result: null,
        reason: 'not_found',
        confidence: 0,
        probesUsed: 16,
      });
    });
  });

  describe('when the domain is catch-all', () => {
    it('returns the likeliest candidate as Catch-all / Risky with a lower confidence', async () => {
      const { finder } = setUp({ 'acme.com': { catchAll: true } });
      const outcome = await finder.find({ firstName: 'John', lastName: 'Smith', domain: 'acme.com' });
      expect(outcome).toMatchObject({
        email: 'john.smith@acme.com',
        status: 'Found',
        quality: 'Risky',
        result: 'Catch-all',
        reason: 'catch_all',
        pattern: 'first.last',
      });
      expect(outcome.confidence).toBe(40);
    });

    it('does not take an ok from a catch-all server as proof of the mailbox', async () => {
      const { finder } = setUp({ 'acme.com': { catchAll: true, catchAllProbeResult: 'ok' } });
      const outcome = await finder.find({ firstName: 'John', lastName: 'Smith', domain: 'acme.com' });
      expect(outcome).toMatchObject({ result: 'Catch-all', quality: 'Risky', email: 'john.smith@acme.com' });
    });

    it('returns the known format with more confidence than the prior alone', async () => {
      const { finder } = setUp({ 'acme.com': { catchAll: true } }, { 'acme.com': smithsOnLastFirst });
      const outcome = await finder.find({ firstName: 'John', lastName: 'Smith', domain: 'acme.com' });
      expect(outcome).toMatchObject({ email: 'smith.john@acme.com', result: 'Catch-all', pattern: 'last.first' });
      expect(outcome.confidence).toBeGreaterThan(60);
    });
  });

  describe('when the domain is a free consumer provider', () => {
    it('answers unsupported_free_domain without probing or reading known addresses', async () => {
      const { finder, engine } = setUp({});
      const outcome = await finder.find({ firstName: 'John', lastName: 'Smith', domain: 'https://www.Gmail.com/' });
      expect(outcome).toMatchObject({
        email: null,
        status: 'Not Found',
        reason: 'unsupported_free_domain',
        probesUsed: 0,
        confidence: 0,
      });
      expect(engine.calls).toHaveLength(0);
    });

    it('trusts the engine when the free list missed the domain', async () => {
      const { finder } = setUp({ 'mail.example': { free: true, mailboxes: ['john.smith'] } });
      const outcome = await finder.find({ firstName: 'John', lastName: 'Smith', domain: 'mail.example' });
      expect(outcome).toMatchObject({ status: 'Not Found', reason: 'unsupported_free_domain', email: null });
    });
  });

  describe('when the domain cannot receive mail', () => {
    it.each([
      [{ mailAccepting: false, reason: 'no_mx' }, 'no_mail_server'],
      [{ mailAccepting: false, reason: 'null_mx' }, 'no_mail_server'],
      [{ mailAccepting: false, reason: 'domain_not_found' }, 'invalid_domain'],
      [{ mailAccepting: false, reason: 'reserved_domain' }, 'reserved_domain'],
      [{ mailAccepting: true, disposable: true }, 'disposable_domain'],
    ])('answers Not Found / Bad for %j with reason %s', async (fake, reason) => {
      const { finder } = setUp({ 'acme.com': fake });
      const outcome = await finder.find({ firstName: 'John', lastName: 'Smith', domain: 'acme.com' });
      expect(outcome).toMatchObject({
        email: null,
        status: 'Not Found',
        quality: 'Bad',
        result: null,
        reason,
        confidence: 0,
      });
    });

    it('reports a DNS failure as unverifiable, not as a bad domain', async () => {
      const { finder } = setUp({ 'acme.com': { mailAccepting: false, reason: 'dns_error' } });
      const outcome = await finder.find({ firstName: 'John', lastName: 'Smith', domain: 'acme.com' });
      expect(outcome).toMatchObject({ status: 'Not Found', quality: null, result: 'Unknown', reason: 'unverifiable' });
    });
  });

  describe('when the server will not say', () => {
    it('answers Not Found / Unknown when the domain format is not known', async () => {
      const { finder } = setUp({ 'acme.com': { unverifiable: true } });
      const outcome = await finder.find({ firstName: 'John', lastName: 'Smith', domain: 'acme.com' });
      expect(outcome).toMatchObject({
        email: null,
        status: 'Not Found',
        result: 'Unknown',
        reason: 'unverifiable',
        probesUsed: 16,
      });
    });

    it('returns the known format as Found / Unknown / Risky in the unknown band', async () => {
      const { finder } = setUp({ 'acme.com': { unverifiable: true } }, { 'acme.com': smithsOnLastFirst });
      const outcome = await finder.find({ firstName: 'John', lastName: 'Smith', domain: 'acme.com' });
      expect(outcome).toMatchObject({
        email: 'smith.john@acme.com',
        status: 'Found',
        quality: 'Risky',
        result: 'Unknown',
        reason: 'known_format_unverified',
      });
      expect(outcome.confidence).toBeGreaterThanOrEqual(10);
      expect(outcome.confidence).toBeLessThanOrEqual(50);
    });
  });

  describe('when the domain format is known', () => {
    it('probes the known format first and reports more confidence', async () => {
      const { finder, engine } = setUp(
        { 'acme.com': { mailboxes: ['smith.john'] } },
        { 'acme.com': smithsOnLastFirst },
      );
      const outcome = await finder.find({ firstName: 'John', lastName: 'Smith', domain: 'acme.com' });
      expect(engine.calls[0].localParts[0]).toBe('smith.john');
      expect(outcome).toMatchObject({ email: 'smith.john@acme.com', pattern: 'last.first', probesUsed: 1 });
      expect(outcome.confidence).toBeGreaterThan(95);
    });
  });

  describe('names', () => {
    it('finds José Müller under the digraph spelling', async () => {
      const { finder } = setUp({ 'acme.de': { mailboxes: ['jose.mueller'] } });
      const outcome = await finder.find({ firstName: 'José', lastName: 'Müller', domain: 'ACME.de' });
      expect(outcome).toMatchObject({ email: 'jose.mueller@acme.de', result: 'Ok', probesUsed: 3 });
    });

    it('reads a whole name typed into firstName as given and family name', async () => {
      const { finder } = setUp({ 'acme.com': { mailboxes: ['jane.doe'] } });
      const outcome = await finder.find({ firstName: 'Jane Doe', lastName: null, domain: 'acme.com' });
      expect(outcome).toMatchObject({ email: 'jane.doe@acme.com', result: 'Ok', pattern: 'first.last', probesUsed: 1 });
    });

    it("finds a mailbox under the nickname after the own spelling's likelier formats: mike.doe for Michael Doe", async () => {
      const { finder, engine } = setUp({ 'acme.com': { mailboxes: ['mike.doe'] } });
      const outcome = await finder.find({ firstName: 'Michael', lastName: 'Doe', domain: 'acme.com' });
      expect(engine.calls[0].localParts.slice(0, 4)).toEqual(['michael.doe', 'mdoe', 'michael', 'mike.doe']);
      expect(outcome).toMatchObject({ email: 'mike.doe@acme.com', result: 'Ok', pattern: 'first.last', probesUsed: 4 });
    });

    it('probes only first-name candidates without a last name', async () => {
      const { finder, engine } = setUp({ 'acme.com': { mailboxes: [] } });
      await finder.find({ firstName: 'Anna', domain: 'acme.com' });
      expect(engine.calls[0].localParts).toEqual(['anna']);
    });

    it('answers untransliterable_name for 李 without probing', async () => {
      const { finder, engine } = setUp({ 'acme.com': { mailboxes: [] } });
      const outcome = await finder.find({ firstName: '李', lastName: null, domain: 'acme.com' });
      expect(outcome).toMatchObject({ status: 'Not Found', reason: 'untransliterable_name', probesUsed: 0 });
      expect(engine.calls).toHaveLength(0);
    });
  });

  describe('with a last name only', () => {
    const doesOnLast = [
      { email: 'jones@acme.com', firstName: 'Ann', lastName: 'Jones' },
      { email: 'ray@acme.com', firstName: null, lastName: 'Ray' },
      { email: 'lee@acme.com', firstName: 'Cy', lastName: 'Lee' },
    ];

    it('probes only last@, once per surname spelling, and finds the mailbox', async () => {
      const { finder, engine } = setUp({ 'acme.de': { mailboxes: ['mueller'] } });
      const outcome = await finder.find({ lastName: 'Müller', domain: 'acme.de' });
      expect(engine.calls[0].localParts).toEqual(['muller', 'mueller']);
      expect(outcome).toMatchObject({
        email: 'mueller@acme.de',
        status: 'Found',
        quality: 'Good',
        result: 'Ok',
        reason: 'found',
        pattern: 'last',
        probesUsed: 2,
      });
    });

    it('scores a confirmed last@ at the foot of the Ok band, below a full name confirmed on the same server', async () => {
      const { finder } = setUp({ 'acme.com': { mailboxes: ['smith', 'john.smith'] } });
      const alone = await finder.find({ lastName: 'Smith', domain: 'acme.com' });
      const full = await finder.find({ firstName: 'John', lastName: 'Smith', domain: 'acme.com' });
      expect(alone).toMatchObject({ email: 'smith@acme.com', result: 'Ok', confidence: 85 });
      expect(full).toMatchObject({ email: 'john.smith@acme.com', result: 'Ok', confidence: 90 });
    });

    it('returns last@ on a catch-all domain with the prior of its rare format, half the confidence a full name gets', async () => {
      const { finder } = setUp({ 'acme.com': { catchAll: true } });
      const alone = await finder.find({ firstName: null, lastName: 'Smith', domain: 'acme.com' });
      const firstOnly = await finder.find({ firstName: 'John', domain: 'acme.com' });
      const full = await finder.find({ firstName: 'John', lastName: 'Smith', domain: 'acme.com' });
      expect(alone).toMatchObject({
        email: 'smith@acme.com',
        result: 'Catch-all',
        quality: 'Risky',
        pattern: 'last',
        confidence: 21,
      });
      expect(firstOnly.confidence).toBe(30);
      expect(full.confidence).toBe(40);
    });

    it('gains confidence when the domain is known to use last@, and learns from last-name-only finds', async () => {
      const { finder } = setUp({ 'acme.com': { catchAll: true } }, { 'acme.com': doesOnLast });
      const outcome = await finder.find({ lastName: 'Smith', domain: 'acme.com' });
      expect(outcome).toMatchObject({ email: 'smith@acme.com', result: 'Catch-all', pattern: 'last' });
      expect(outcome.confidence).toBe(61);
    });

    it('returns last@ unverified only when the domain is known to use it', async () => {
      const known = setUp({ 'acme.com': { unverifiable: true } }, { 'acme.com': doesOnLast });
      expect(await known.finder.find({ lastName: 'Smith', domain: 'acme.com' })).toMatchObject({
        email: 'smith@acme.com',
        result: 'Unknown',
        reason: 'known_format_unverified',
      });
      const other = setUp({ 'acme.com': { unverifiable: true } }, { 'acme.com': smithsOnLastFirst });
      expect(await other.finder.find({ lastName: 'Smith', domain: 'acme.com' })).toMatchObject({
        email: null,
        result: 'Unknown',
        reason: 'unverifiable',
        probesUsed: 1,
      });
    });

    it('answers not_found, free, when the server rejects last@', async () => {
      const { finder } = setUp({ 'acme.com': { mailboxes: ['john.smith'] } });
      expect(await finder.find({ lastName: 'Smith', domain: 'acme.com' })).toMatchObject({
        email: null,
        status: 'Not Found',
        reason: 'not_found',
        confidence: 0,
        probesUsed: 1,
      });
    });

    it('refuses a free domain and answers untransliterable_name for 李 without probing', async () => {
      const { finder, engine } = setUp({ 'acme.com': { mailboxes: [] } });
      expect(await finder.find({ lastName: 'Smith', domain: 'gmail.com' })).toMatchObject({
        reason: 'unsupported_free_domain',
        probesUsed: 0,
      });
      expect(await finder.find({ lastName: '李', domain: 'acme.com' })).toMatchObject({
        reason: 'untransliterable_name',
        probesUsed: 0,
      });
      expect(engine.calls).toHaveLength(0);
    });

    it('throws FinderInputError without probing when neither name is usable', async () => {
      const { finder, engine } = setUp({ 'acme.com': { mailboxes: ['smith'] } });
      await expect(finder.find({ firstName: null, lastName: null, domain: 'acme.com' })).rejects.toThrow(
        FinderInputError,
      );
      await expect(finder.find({ lastName: 'Jr.', domain: 'acme.com' })).rejects.toThrow('no usable name');
      expect(engine.calls).toHaveLength(0);
    });
  });

  describe('input and budget', () => {
    it('normalises a URL to its domain before probing', async () => {
      const { finder, engine } = setUp({ 'acme.com': { mailboxes: ['john.smith'] } });
      await finder.find({ firstName: 'John', lastName: 'Smith', domain: 'https://www.Acme.com/team' });
      expect(engine.calls[0].domain).toBe('acme.com');
    });

    it('throws FinderInputError for an unusable domain or name, before any probe', async () => {
      const { finder, engine } = setUp({});
      await expect(finder.find({ firstName: 'John', domain: 'not a domain' })).rejects.toThrow(FinderInputError);
      await expect(finder.find({ firstName: '  ', domain: 'acme.com' })).rejects.toThrow(FinderInputError);
      expect(engine.calls).toHaveLength(0);
    });

    it('hands the engine what is left of the time budget after the format lookup', async () => {
      const clock = FakeClock.at(1_000);
      const engine = new InMemoryEngine({ 'acme.com': { mailboxes: [] } }, clock);
      const slowKnownAddresses = new (class extends InMemoryKnownAddresses {
        override async knownAddresses(): Promise<KnownAddressRecord[]> {
          clock.advance(1_200);
          return [];
        }
      })();
      const finder = new EmailFinder(engine, slowKnownAddresses, {
        isFreeDomain: () => false,
        now: () => clock.now(),
        budgetMs: 5_000,
        maxProbes: 3,
      });
      const outcome = await finder.find({ firstName: 'John', lastName: 'Smith', domain: 'acme.com' });
      expect(engine.calls[0].options).toEqual({ stopAtFirstOk: true, maxProbes: 3, deadlineMs: 3_800 });
      expect(outcome).toMatchObject({ probesUsed: 3, executionMs: 1_200 + 3 * 40 });
    });

    it('lets one call override the time budget', async () => {
      const { finder, engine } = setUp({ 'acme.com': { mailboxes: [] } });
      await finder.find({ firstName: 'Ann', domain: 'acme.com' }, { budgetMs: 700 });
      expect(engine.calls[0].options.deadlineMs).toBe(700);
    });
  });
});
