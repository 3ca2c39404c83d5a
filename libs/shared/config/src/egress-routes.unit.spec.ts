import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readEgressRoutes } from './egress-routes';
import { loadConfig } from './load-config';

const defaults = {
  heloName: 'verify.example.com',
  mailFrom: 'probe@verify.example.com',
  egressId: 'host-1',
  perMxConcurrency: 3,
  connectsPerSecondPerMx: 50,
};
// This machine as the parser sees it: loopback (the whole 127/8 bindable) and one public address.
const machine = () => [
  ['127.0.0.1', '127.0.0.1/8'],
  ['203.0.113.10', '203.0.113.10/24'],
];

function parse(document: unknown): { routes: ReturnType<typeof readEgressRoutes>; problems: string[] } {
  const problems: string[] = [];
  const text = typeof document === 'string' ? document : JSON.stringify(document);
  return { routes: readEgressRoutes(null, text, defaults, problems, machine), problems };
}

describe('the egress routes document (SMTP_ROUTES)', () => {
  it('reads direct and SOCKS5 routes, rules and the default pool, filling what a route leaves out', () => {
    const { routes, problems } = parse({
      routes: [
        { name: 'home', localAddress: '203.0.113.10', checksPerMinute: 60, checksPerDay: 10_000 },
        {
          name: 'eu-proxy',
          type: 'socks5',
          proxy: 'socks5://user:p%40ss@proxy.example.net:1080',
          heloName: 'mx2.verify.example.com',
          egressId: '198.51.100.7',
          providers: { microsoft365: { checksPerMinute: 20 } },
        },
      ],
      rules: [{ provider: 'microsoft365', routes: ['eu-proxy'] }],
      default: ['home', 'eu-proxy'],
    });
    expect(problems).toEqual([]);
    expect(routes?.routes[0]).toEqual({
      name: 'home',
      kind: 'direct',
      localAddress: '203.0.113.10',
      proxy: null,
      heloName: 'verify.example.com',
      mailFrom: 'probe@verify.example.com',
      egressId: 'host-1/203.0.113.10',
      perMxConcurrency: 3,
      connectsPerSecondPerMx: 50,
      caps: { perMinute: 60, perDay: 10_000 },
      providerCaps: {},
    });
    expect(routes?.routes[1]).toMatchObject({
      kind: 'socks5',
      proxy: { host: 'proxy.example.net', port: 1080, username: 'user', password: 'p@ss', timeoutMs: 10_000 },
      heloName: 'mx2.verify.example.com',
      egressId: '198.51.100.7',
      providerCaps: { microsoft365: { perMinute: 20, perDay: null } },
    });
    expect(routes?.rules).toEqual([{ provider: 'microsoft365', routes: ['eu-proxy'] }]);
    expect(routes?.defaultRoutes).toEqual(['home', 'eu-proxy']);
  });

  it('is absent without SMTP_ROUTES and SMTP_ROUTES_FILE: one direct route, as before routes', () => {
    const problems: string[] = [];
    expect(readEgressRoutes(null, null, defaults, problems)).toBeNull();
    expect(problems).toEqual([]);
  });

  it.each([
    [{ routes: [{ name: 'a' }], rules: [{ provider: 'google', routes: ['b'] }] }, 'rule 1: unknown route "b"'],
    [{ routes: [{ name: 'p', type: 'socks5', proxy: 'http://x:1' }] }, 'route "p": "proxy" must use socks5://'],
    [{ routes: [{ name: 'p', type: 'socks5', proxy: 'not a url' }] }, 'route "p": "proxy" is not a URL'],
    [{ routes: [{ name: 'p', type: 'socks5' }] }, 'route "p": "proxy" must be a URL'],
    [{ routes: [{ name: 'a' }, { name: 'a' }] }, 'route "a": duplicate name'],
    [
      { routes: [{ name: 'a', localAddress: '192.0.2.99' }] },
      'route "a": "localAddress" 192.0.2.99 is not an address of this machine',
    ],
    [{ routes: [{ name: 'a', localAddress: 'eth0' }] }, 'route "a": "localAddress" must be an IP address'],
    [
      { routes: [{ name: 'a', perMxConcurrency: 0 }] },
      'route "a": "perMxConcurrency" must be an integer from 1 to 100',
    ],
    [{ routes: [{ name: 'a', proxyy: 'x' }] }, 'route "a": unknown field "proxyy"'],
    [
      { routes: [{ name: 'a' }], rules: [{ provider: 'google', mxDomain: 'x.com', routes: ['a'] }] },
      'rule 1 must have exactly one of',
    ],
    [{ routes: [{ name: 'a' }], default: [] }, '"default": "routes" must be a non-empty array'],
    [{ routes: [] }, '"routes" must be a non-empty array'],
    ['{"routes": [', 'SMTP_ROUTES is not valid JSON'],
  ])('refuses %j, naming the route and the field', (document, expected) => {
    const { routes, problems } = parse(document);
    expect(routes).toBeNull();
    expect(problems.join('\n')).toContain(expected);
  });

  it('never repeats a proxy password in a problem', () => {
    const { problems } = parse('{"routes":[{"name":"p","type":"socks5","proxy":"socks5://u:hunter2@h:1080",}]}');
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('makes start-up fail (exit 78) through loadConfig when the document is wrong', () => {
    expect(() => loadConfig({ SMTP_ROUTES: '{"routes":[{"name":"a"}],"default":["b"]}' }, ['api'])).toThrow(
      /SMTP_ROUTES "default": unknown route "b"/,
    );
  });

  it('reads the routes from SMTP_ROUTES_FILE and says when it cannot', () => {
    expect(() => loadConfig({ SMTP_ROUTES_FILE: '/nonexistent/routes.json' }, ['api'])).toThrow(
      /SMTP_ROUTES_FILE \/nonexistent\/routes.json cannot be read: ENOENT/,
    );
  });

  it("accepts docs/production.md's example routes file as written", () => {
    const doc = readFileSync(join(__dirname, '../../../../docs/production.md'), 'utf8');
    const example = /SMTP_ROUTES_FILE[\s\S]*?```json\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(example).toBeDefined();
    const { routes, problems } = parse(example);
    expect(problems).toEqual([]);
    expect(routes?.routes.map((r) => r.name)).toEqual(['mx-a', 'mx-b']);
  });
});
