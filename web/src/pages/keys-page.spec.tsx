/** @jest-environment jsdom */
import { act } from 'react';
import type { ApiKey } from '../api/dashboard';
import { click, render } from '../testing/render';
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
    return reply(method === 'POST' ? 201 : 200, {
      status: 'success',
      data: { keyId: 'k9', apiKey: 'mk_k9_s', ...body },
    });
  }) as unknown as typeof fetch;
  return calls;
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

/** Types into an input or textarea the way React sees a user's typing. */
function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!;
  act(() => {
    setter.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const byLabel = (container: HTMLElement, text: string) =>
  [...container.querySelectorAll('label')].find((label) => label.textContent!.startsWith(text))!;
const control = (container: HTMLElement, text: string) =>
  document.getElementById(byLabel(container, text).htmlFor) as HTMLInputElement;
const button = (container: HTMLElement, text: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === text)!;

describe('finding 2: the Keys page shows and sets key limits', () => {
  it("shows each key's scopes and addresses, and a key without limits as able to do everything from anywhere", async () => {
    serve([
      key({ keyId: 'k1' }),
      key({
        keyId: 'k2',
        label: 'Forms',
        scopes: ['verify', 'credits:read'],
        allowedAddresses: ['203.0.113.0/24'],
        monthlyCreditCap: 5000,
      }),
    ]);
    const { container, unmount } = render(<KeysPage />);
    await settle();
    const cells = (id: string) => [...container.querySelectorAll(`[data-testid="${id}"]`)].map((td) => td.textContent);
    expect(cells('key-scopes')).toEqual(['Everything', 'verify, credits:read']);
    expect(cells('key-addresses')).toEqual(['Any address', '203.0.113.0/24']);
    expect(cells('key-cap')).toEqual(['No cap', '5,000 credits a month']);
    unmount();
  });

  it('creates a key limited to the chosen scopes and addresses (one a line, blank lines left out)', async () => {
    const calls = serve([]);
    const { container, unmount } = render(<KeysPage />);
    await settle();
    type(control(container, 'Label for the new key'), 'Sign-up form');
    click(control(container, 'Everything'));
    click(control(container, 'Verify addresses'));
    click(control(container, 'Any address'));
    type(control(container, "Your servers' addresses"), '203.0.113.7\n\n2001:db8::/48\n');
    type(control(container, 'Monthly credit cap'), '2500');
    click(button(container, 'Create key'));
    await settle();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      label: 'Sign-up form',
      scopes: ['verify'],
      allowedAddresses: ['203.0.113.7', '2001:db8::/48'],
      monthlyCreditCap: 2500,
    });
    unmount();
  });

  it('says in the form, before sending, that a limited key needs a scope and an address', async () => {
    const calls = serve([]);
    const { container, unmount } = render(<KeysPage />);
    await settle();
    type(control(container, 'Label for the new key'), 'x');
    click(control(container, 'Everything'));
    click(button(container, 'Create key'));
    await settle();
    expect(container.querySelector('[role="alert"]')!.textContent).toMatch(/^Choose at least one thing the key may do/);
    click(control(container, 'Verify addresses'));
    click(control(container, 'Any address'));
    click(button(container, 'Create key'));
    await settle();
    expect(container.querySelector('[role="alert"]')!.textContent).toMatch(/^Enter at least one address/);
    type(control(container, "Your servers' addresses"), '203.0.113.7');
    type(control(container, 'Monthly credit cap'), '12.5');
    click(button(container, 'Create key'));
    await settle();
    expect(container.querySelector('[role="alert"]')!.textContent).toMatch(/^A monthly credit cap is a whole number/);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    unmount();
  });

  it("edits a key's limits, lifting one with null, and shows the server's refusal of a bad address", async () => {
    const calls = serve([key({ scopes: ['jobs'], allowedAddresses: ['198.51.100.7'] })]);
    const { container, unmount } = render(<KeysPage />);
    await settle();
    click(button(container, 'Limits'));
    const editor = container.querySelector('form[aria-label^="Limits of the key"]') as HTMLElement;
    expect(control(editor, 'Bulk verification lists').checked).toBe(true);
    click(control(editor, 'Any address'));
    click(button(editor, 'Save limits'));
    await settle();
    expect(calls.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH',
      url: '/dashboard/v1/keys/k1',
      body: { scopes: ['jobs'], allowedAddresses: null, monthlyCreditCap: null },
    });
    unmount();

    serve([key({})], {
      code: 1112,
      message: 'Allowlist entry "10.0.0.0/33" is not an IPv4 or IPv6 address or CIDR block.',
    });
    const again = render(<KeysPage />);
    await settle();
    click(button(again.container, 'Limits'));
    click(control(again.container, 'Any address'));
    type(control(again.container, "Your servers' addresses"), '10.0.0.0/33');
    click(button(again.container, 'Save limits'));
    await settle();
    expect(again.container.textContent).toContain('10.0.0.0/33');
    again.unmount();
  });
});
