/** @jest-environment jsdom */
import { act } from 'react';
import type { ApiKey } from '../api/dashboard';
import { click, render, type } from '../testing/render';
import { KeysPage } from './KeysPage';

// The Keys page against a stand-in for the browser's fetch that answers as /dashboard/v1/keys does.
const key = (overrides: Partial<ApiKey>): ApiKey => ({
  keyId: 'k1',
  kind: 'live',
  label: 'CRM',
  createdAt: '2026-11-28T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  rotatedAt: null,
  scopes: null,
  allowedAddresses: null,
  monthlyCreditCap: null,
  allowedOrigins: null,
  owner: null,
  ...overrides,
});

type Call = { method: string; url: string; body: unknown };
const PREFIX = { live: 'mk_', test: 'mck_test_', publishable: 'mck_pub_' } as const;

function serve(items: ApiKey[], refusal?: { code: number; message: string }) {
  const calls: Call[] = [];
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    // jsdom has no Response: the fields readEnvelope reads.
    const reply = (status: number, payload: object) => ({
      ok: status < 400,
      status,
      statusText: '',
      headers: { get: () => null },
      text: async () => JSON.stringify(payload),
    });
    if (method === 'GET' && url.endsWith('/csrf')) return reply(200, { status: 'success', data: {} });
    if (method === 'GET') return reply(200, { status: 'success', data: { items } });
    if (refusal) return reply(400, { status: 'error', data: null, error: refusal });
    const kind: keyof typeof PREFIX = body?.kind ?? 'live';
    return reply(method === 'POST' ? 201 : 200, {
      status: 'success',
      data: { keyId: 'k9', apiKey: `${PREFIX[kind]}k9_s`, kind, ...body },
    });
  }) as unknown as typeof fetch;
  return calls;
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

const byLabel = (container: HTMLElement, text: string) =>
  [...container.querySelectorAll('label')].find((label) => label.textContent!.startsWith(text));
const control = (container: HTMLElement, text: string) =>
  document.getElementById(byLabel(container, text)!.htmlFor) as HTMLInputElement;
const button = (container: HTMLElement, text: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === text)!;
/** The error a control's aria-describedby points at, as assistive technology reads it with the control. */
const errorOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((described) => described?.classList.contains('field-error'))?.textContent ?? null;
const cells = (container: HTMLElement, id: string) =>
  [...container.querySelectorAll(`[data-testid="${id}"]`)].map((cell) => cell.textContent);
const createForm = (container: HTMLElement) => container.querySelector('form[aria-labelledby="create-key-title"]')!;
const editor = (container: HTMLElement) =>
  container.querySelector('form[aria-labelledby^="edit-key-"]') as HTMLFormElement;
const posted = (calls: Call[]) => calls.find((call) => call.method === 'POST')?.body;

describe('the Keys page', () => {
  describe('the list', () => {
    it("shows each key's kind, what it may do, where it works from, its cap and its last use", async () => {
      serve([
        key({ keyId: 'k1', lastUsedAt: '2026-11-28T12:30:00.000Z' }),
        key({
          keyId: 'k2',
          kind: 'test',
          label: 'Staging',
          scopes: ['verify', 'credits:read'],
          allowedAddresses: ['203.0.113.0/24'],
          monthlyCreditCap: 5000,
        }),
        key({
          keyId: 'k3',
          kind: 'publishable',
          label: 'Sign-up form',
          scopes: ['verify'],
          allowedOrigins: ['https://shop.example', 'https://*.shop.example'],
        }),
      ]);
      const { container, unmount } = render(<KeysPage />);
      await settle();
      expect(cells(container, 'key-kind')).toEqual(['Live', 'Test', 'Publishable']);
      expect([...container.querySelectorAll('[data-testid="key-kind"]')].map((badge) => badge.className)).toEqual([
        'badge key-kind key-kind-live',
        'badge key-kind key-kind-test',
        'badge key-kind key-kind-publishable',
      ]);
      expect(cells(container, 'key-scopes')).toEqual([
        'Everything',
        'verify, credits:read',
        'verify (single addresses)',
      ]);
      expect(cells(container, 'key-where')).toEqual([
        'Any address',
        '203.0.113.0/24',
        'Pages on https://shop.example, https://*.shop.example',
      ]);
      expect(cells(container, 'key-cap')).toEqual(['No cap', '5,000 credits a month', 'No cap']);
      expect(cells(container, 'key-last-used')).toEqual([
        new Date('2026-11-28T12:30:00.000Z').toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' }),
        'never',
        'never',
      ]);
      unmount();
    });
  });

  describe('creating a key', () => {
    it('offers the three kinds, each with what it is for, live chosen', async () => {
      serve([]);
      const { container, unmount } = render(<KeysPage />);
      await settle();
      const radios = [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
      expect(radios.map((radio) => [radio.value, radio.checked])).toEqual([
        ['live', true],
        ['test', false],
        ['publishable', false],
      ]);
      const lines = radios.map(
        (radio) => document.getElementById(radio.getAttribute('aria-describedby')!)!.textContent,
      );
      expect(lines[0]).toMatch(/secret for your servers.*spends your team's credits/);
      expect(lines[1]).toMatch(/magic test addresses with a test balance, never probes a real mail server/);
      expect(lines[2]).toMatch(/sign-up forms in your web pages.*only from the web origins you list/);
      unmount();
    });

    it('creates a live key limited to the chosen scopes and addresses (one a line, blank lines left out)', async () => {
      const calls = serve([]);
      const { container, unmount } = render(<KeysPage />);
      await settle();
      type(control(container, 'Label for the new key'), 'CRM sync');
      click(control(container, 'Everything'));
      click(control(container, 'Verify addresses'));
      click(control(container, 'Any address'));
      type(control(container, "Your servers' addresses"), '203.0.113.7\n\n2001:db8::/48\n');
      type(control(container, 'Monthly credit cap'), '2500');
      click(button(container, 'Create key'));
      await settle();
      expect(posted(calls)).toEqual({
        label: 'CRM sync',
        kind: 'live',
        scopes: ['verify'],
        allowedAddresses: ['203.0.113.7', '2001:db8::/48'],
        monthlyCreditCap: 2500,
      });
      const secret = container.querySelector('[role="region"][aria-label="Your new live key"]')!;
      expect(secret.textContent).toContain('keep it on your server, never in a web page');
      expect(document.activeElement).toBe(secret);
      unmount();
    });

    it('creates a test key with the limits a live key takes, and says it spends the test balance', async () => {
      const calls = serve([]);
      const { container, unmount } = render(<KeysPage />);
      await settle();
      type(control(container, 'Label for the new key'), 'Staging');
      click(control(container, 'Test'));
      expect(byLabel(container, 'Web origins')).toBeUndefined();
      expect(control(container, 'Everything').checked).toBe(true);
      click(button(container, 'Create key'));
      await settle();
      expect(posted(calls)).toEqual({
        label: 'Staging',
        kind: 'test',
        scopes: null,
        allowedAddresses: null,
        monthlyCreditCap: null,
      });
      const secret = container.querySelector('[role="region"][aria-label="Your new test key"]')!;
      expect(secret.querySelector('[data-testid="secret-value"]')!.textContent).toBe('mck_test_k9_s');
      expect(secret.textContent).toContain('spends the test balance, never your credits');
      unmount();
    });

    it('asks a publishable key for its origins only, and says its secret is safe to put in a page', async () => {
      const calls = serve([]);
      const { container, unmount } = render(<KeysPage />);
      await settle();
      type(control(container, 'Label for the new key'), 'Sign-up form');
      click(control(container, 'Publishable'));
      expect(byLabel(container, 'Everything')).toBeUndefined();
      expect(byLabel(container, 'Any address')).toBeUndefined();
      type(control(container, 'Web origins'), 'https://shop.example\n\nhttps://*.shop.example');
      click(button(container, 'Create key'));
      await settle();
      expect(posted(calls)).toEqual({
        label: 'Sign-up form',
        kind: 'publishable',
        allowedOrigins: ['https://shop.example', 'https://*.shop.example'],
        monthlyCreditCap: null,
      });
      const secret = container.querySelector('[role="region"][aria-label="Your new publishable key"]')!;
      expect(secret.textContent).toContain('it is safe to put in a web page');
      // The form is ready for the next key: a live one, no origins.
      expect(control(container, 'Live').checked).toBe(true);
      expect(byLabel(container, 'Web origins')).toBeUndefined();
      unmount();
    });

    it('says beside each field, before sending, what is missing, and moves focus to the first', async () => {
      const calls = serve([]);
      const { container, unmount } = render(<KeysPage />);
      await settle();
      click(control(container, 'Everything'));
      click(button(container, 'Create key'));
      await settle();
      const label = control(container, 'Label for the new key');
      expect(errorOf(label)).toBe('Give the key a name, such as “CRM sync”.');
      expect(label.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(label);
      expect(errorOf(control(container, 'Everything'))).toMatch(/^Choose at least one thing the key may do/);

      type(label, 'x');
      click(control(container, 'Verify addresses'));
      click(control(container, 'Any address'));
      type(control(container, 'Monthly credit cap'), '12.5');
      click(button(container, 'Create key'));
      await settle();
      expect(errorOf(label)).toBeNull();
      const addresses = control(container, "Your servers' addresses");
      expect(errorOf(addresses)).toMatch(/^Enter at least one address/);
      expect(document.activeElement).toBe(addresses);
      expect(errorOf(control(container, 'Monthly credit cap'))).toMatch(/^A monthly credit cap is a whole number/);

      click(control(container, 'Publishable'));
      click(button(container, 'Create key'));
      await settle();
      const origins = control(container, 'Web origins');
      expect(errorOf(origins)).toMatch(/^Enter the web origin of each site/);
      expect(document.activeElement).toBe(origins);
      expect(posted(calls)).toBeUndefined();
      unmount();
    });
  });

  describe("the server's refusals", () => {
    // Each code with the kind whose form shows its field, and the field's label.
    const cases = [
      { code: 1111, kind: 'Live', field: 'Everything', message: 'Unknown scope(s) "admin": use verify, jobs.' },
      { code: 1112, kind: 'Test', field: "Your servers' addresses", message: 'Allowlist entry "10.0.0.0/33" is not…' },
      {
        code: 1113,
        kind: 'Live',
        field: 'Monthly credit cap',
        message: 'A monthly credit cap must be a whole number…',
      },
      { code: 1115, kind: 'Test', field: 'Live', message: 'Unknown API key kind: use live, test or publishable.' },
      { code: 1116, kind: 'Publishable', field: 'Web origins', message: 'Origin "https://shop.example/signup" must…' },
    ];
    it.each(cases)('shows $code beside "$field", focused, and not in the page alert', async (refused) => {
      serve([], { code: refused.code, message: refused.message });
      const { container, unmount } = render(<KeysPage />);
      await settle();
      type(control(container, 'Label for the new key'), 'k');
      click(control(container, refused.kind));
      if (refused.code === 1112) {
        click(control(container, 'Any address'));
        type(control(container, "Your servers' addresses"), '10.0.0.0/33');
      }
      if (refused.code === 1116) type(control(container, 'Web origins'), 'https://shop.example/signup');
      click(button(container, 'Create key'));
      await settle();
      const field = control(createForm(container) as HTMLElement, refused.field);
      expect(errorOf(field)).toBe(refused.message);
      expect(document.activeElement).toBe(field);
      expect(container.querySelector('.alert.error')).toBeNull();
      unmount();
    });

    it('shows a refusal no field of the form concerns in the page alert', async () => {
      serve([], { code: 1108, message: 'This account holds as many active API keys as it may.' });
      const { container, unmount } = render(<KeysPage />);
      await settle();
      type(control(container, 'Label for the new key'), 'k');
      click(button(container, 'Create key'));
      await settle();
      expect(container.querySelector('.alert.error')!.textContent).toContain('as many active API keys');
      unmount();
    });
  });

  describe('editing a key', () => {
    it("edits a live key's limits, lifting one with null", async () => {
      const calls = serve([key({ scopes: ['jobs'], allowedAddresses: ['198.51.100.7'] })]);
      const { container, unmount } = render(<KeysPage />);
      await settle();
      click(button(container, 'Limits'));
      const form = editor(container);
      expect(document.activeElement).toBe(form.querySelector('h2'));
      expect(form.querySelector('h2')!.textContent).toBe('Limits of the live key “CRM”');
      expect(control(form, 'Bulk verification lists').checked).toBe(true);
      click(control(form, 'Any address'));
      click(button(form, 'Save limits'));
      await settle();
      expect(calls.find((call) => call.method === 'PATCH')).toEqual({
        method: 'PATCH',
        url: '/dashboard/v1/keys/k1',
        body: { scopes: ['jobs'], allowedAddresses: null, monthlyCreditCap: null },
      });
      expect(editor(container)).toBeNull();
      unmount();
    });

    it("edits a publishable key's origins and cap, and nothing a publishable key does not take", async () => {
      const calls = serve([
        key({ kind: 'publishable', label: 'Form', scopes: ['verify'], allowedOrigins: ['https://shop.example'] }),
      ]);
      const { container, unmount } = render(<KeysPage />);
      await settle();
      click(button(container, 'Limits'));
      const form = editor(container);
      expect(byLabel(form, 'Everything')).toBeUndefined();
      expect(byLabel(form, 'Any address')).toBeUndefined();
      const origins = control(form, 'Web origins') as unknown as HTMLTextAreaElement;
      expect(origins.value).toBe('https://shop.example');
      type(origins, 'https://shop.example\nhttps://www.shop.example');
      type(control(form, 'Monthly credit cap'), '300');
      click(button(form, 'Save limits'));
      await settle();
      expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({
        allowedOrigins: ['https://shop.example', 'https://www.shop.example'],
        monthlyCreditCap: 300,
      });
      unmount();
    });

    it("keeps the editor open with the server's refusal beside the origins", async () => {
      serve([key({ kind: 'publishable', scopes: ['verify'], allowedOrigins: ['https://shop.example'] })], {
        code: 1116,
        message: 'Origin "https://shop.example/signup" must be scheme, host and port only.',
      });
      const { container, unmount } = render(<KeysPage />);
      await settle();
      click(button(container, 'Limits'));
      type(control(editor(container), 'Web origins'), 'https://shop.example/signup');
      click(button(editor(container), 'Save limits'));
      await settle();
      const origins = control(editor(container), 'Web origins');
      expect(errorOf(origins)).toBe('Origin "https://shop.example/signup" must be scheme, host and port only.');
      expect(document.activeElement).toBe(origins);
      unmount();
    });
  });
});
