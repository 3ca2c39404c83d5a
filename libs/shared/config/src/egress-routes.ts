import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type {
  CheckCaps,
  EgressRoute,
  EgressRoutes,
  RouteDefaults,
  RoutingRule,
  Socks5ProxySpec,
} from './egress-routes.types';

const DEFAULT_PROXY_TIMEOUT_MS = 10_000;
const NAME = /^[a-z0-9][a-z0-9_.-]{0,62}$/i;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9-]{1,63}\.)*[a-z0-9-]{1,63}$/i;
const ROUTE_FIELDS = new Set([
  'name',
  'type',
  'localAddress',
  'proxy',
  'proxyTimeoutMs',
  'heloName',
  'mailFrom',
  'egressId',
  'perMxConcurrency',
  'connectsPerSecondPerMx',
  'checksPerMinute',
  'checksPerDay',
  'providers',
]);

/**
 * Parses the routes document (JSON: `{ routes, rules?, default? }`, docs/production.md, "Egress routes") and says what is wrong
 * with it, naming the route and the field, so start-up refuses it with exit 78. null when neither
 * variable is set: one direct route with the single-route settings, exactly as without routes.
 */
export function readEgressRoutes(
  file: string | null,
  inline: string | null,
  defaults: RouteDefaults,
  problems: string[],
  localAddresses: () => string[][] = machineAddresses,
): EgressRoutes | null {
  if (file && inline) {
    problems.push('set SMTP_ROUTES_FILE or SMTP_ROUTES, not both');
    return null;
  }
  const source = file ? `SMTP_ROUTES_FILE (${file})` : 'SMTP_ROUTES';
  const text = file ? readRoutesFile(file, problems) : inline;
  if (text === null) return null;
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    // The parser's message quotes the text around the error, which may hold a proxy password: only its position.
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    problems.push(`${source} is not valid JSON${position ? ` (at character ${position})` : ''}`);
    return null;
  }
  const before = problems.length;
  const parsed = parseDocument(document, source, defaults, problems, localAddresses);
  return problems.length > before ? null : parsed;
}

function readRoutesFile(file: string, problems: string[]): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    problems.push(`SMTP_ROUTES_FILE ${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? error}`);
    return null;
  }
}

function parseDocument(
  document: unknown,
  source: string,
  defaults: RouteDefaults,
  problems: string[],
  localAddresses: () => string[][],
): EgressRoutes {
  const doc = isObject(document) ? document : {};
  if (!isObject(document)) problems.push(`${source} must be a JSON object with "routes"`);
  const list = Array.isArray(doc.routes) ? doc.routes : [];
  if (list.length === 0) problems.push(`${source}: "routes" must be a non-empty array`);
  const routes: EgressRoute[] = [];
  list.forEach((raw, index) => {
    const route = parseRoute(raw, `${source} route ${index + 1}`, defaults, problems, localAddresses);
    if (!route) return;
    if (routes.some((r) => r.name === route.name)) problems.push(`${source} route "${route.name}": duplicate name`);
    routes.push(route);
  });
  const names = new Set(routes.map((r) => r.name));
  const known = (where: string, refs: unknown): string[] => {
    if (!Array.isArray(refs) || refs.length === 0 || !refs.every((r) => typeof r === 'string')) {
      problems.push(`${where}: "routes" must be a non-empty array of route names`);
      return [];
    }
    for (const ref of refs) if (!names.has(ref)) problems.push(`${where}: unknown route "${ref}"`);
    return refs as string[];
  };
  const rules = (Array.isArray(doc.rules) ? doc.rules : doc.rules === undefined ? [] : null) ?? [];
  if (doc.rules !== undefined && !Array.isArray(doc.rules)) problems.push(`${source}: "rules" must be an array`);
  const parsedRules = rules.map((raw, index) => parseRule(raw, `${source} rule ${index + 1}`, known, problems));
  const defaultRoutes =
    doc.default === undefined ? routes.map((r) => r.name) : known(`${source} "default"`, doc.default);
  for (const key of Object.keys(doc))
    if (!['routes', 'rules', 'default'].includes(key)) problems.push(`${source}: unknown field "${key}"`);
  return { routes, rules: parsedRules.filter((r): r is RoutingRule => r !== null), defaultRoutes };
}

function parseRule(
  raw: unknown,
  where: string,
  known: (where: string, refs: unknown) => string[],
  problems: string[],
): RoutingRule | null {
  if (!isObject(raw)) {
    problems.push(`${where} must be an object`);
    return null;
  }
  const matchers = (['provider', 'mxDomain', 'recipientDomain'] as const).filter((k) => raw[k] !== undefined);
  if (matchers.length !== 1) {
    problems.push(`${where} must have exactly one of "provider", "mxDomain", "recipientDomain"`);
    return null;
  }
  const [matcher] = matchers;
  const value = raw[matcher];
  const valid = typeof value === 'string' && (matcher === 'provider' ? NAME.test(value) : DOMAIN.test(value));
  if (!valid) problems.push(`${where}: "${matcher}" must be a ${matcher === 'provider' ? 'provider name' : 'domain'}`);
  for (const key of Object.keys(raw))
    if (key !== matcher && key !== 'routes') problems.push(`${where}: unknown field "${key}"`);
  return { [matcher]: String(value).toLowerCase(), routes: known(where, raw.routes) };
}

function parseRoute(
  raw: unknown,
  fallbackWhere: string,
  defaults: RouteDefaults,
  problems: string[],
  localAddresses: () => string[][],
): EgressRoute | null {
  if (!isObject(raw)) {
    problems.push(`${fallbackWhere} must be an object`);
    return null;
  }
  const name = raw.name;
  if (typeof name !== 'string' || !NAME.test(name)) {
    problems.push(`${fallbackWhere}: "name" must be 1-63 letters, digits, '.', '_' or '-'`);
    return null;
  }
  const where = fallbackWhere.replace(/route \d+$/, `route "${name}"`);
  const field = new FieldReader(raw, where, problems);
  for (const key of Object.keys(raw)) if (!ROUTE_FIELDS.has(key)) problems.push(`${where}: unknown field "${key}"`);
  const kind = raw.type ?? 'direct';
  if (kind !== 'direct' && kind !== 'socks5') problems.push(`${where}: "type" must be "direct" or "socks5"`);
  const localAddress = field.string('localAddress');
  if (localAddress !== null) checkLocalAddress(localAddress, where, problems, localAddresses);
  const proxy = kind === 'socks5' ? parseProxy(raw.proxy, field, where, problems) : null;
  if (kind === 'direct' && raw.proxy !== undefined) problems.push(`${where}: "proxy" needs "type": "socks5"`);
  if (kind === 'socks5' && localAddress !== null) problems.push(`${where}: "localAddress" is for direct routes`);
  const egressId =
    field.string('egressId') ??
    (proxy
      ? `socks5:${proxy.host}:${proxy.port}`
      : localAddress
        ? `${defaults.egressId}/${localAddress}`
        : defaults.egressId);
  return {
    name,
    kind: kind === 'socks5' ? 'socks5' : 'direct',
    localAddress,
    proxy,
    heloName: field.string('heloName') ?? defaults.heloName,
    mailFrom: field.string('mailFrom') ?? defaults.mailFrom,
    egressId,
    perMxConcurrency: field.int('perMxConcurrency', 1, 100) ?? defaults.perMxConcurrency,
    connectsPerSecondPerMx: field.int('connectsPerSecondPerMx', 1, 10_000) ?? defaults.connectsPerSecondPerMx,
    caps: { perMinute: field.int('checksPerMinute', 1, 1e9), perDay: field.int('checksPerDay', 1, 1e12) },
    providerCaps: parseProviderCaps(raw.providers, where, problems),
  };
}

function parseProxy(raw: unknown, field: FieldReader, where: string, problems: string[]): Socks5ProxySpec | null {
  if (typeof raw !== 'string') {
    problems.push(`${where}: "proxy" must be a URL such as socks5://user:password@host:1080`);
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push(`${where}: "proxy" is not a URL (socks5://user:password@host:port)`);
    return null;
  }
  if (url.protocol !== 'socks5:' && url.protocol !== 'socks5h:')
    problems.push(`${where}: "proxy" must use socks5:// (got ${url.protocol})`);
  if (!url.hostname || !url.port) problems.push(`${where}: "proxy" must name a host and a port`);
  if (url.password && !url.username) problems.push(`${where}: "proxy" has a password but no username`);
  if (decodeURIComponent(url.username).length > 255 || decodeURIComponent(url.password).length > 255)
    problems.push(`${where}: "proxy" username and password are at most 255 bytes (RFC 1929)`);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port),
    username: url.username ? decodeURIComponent(url.username) : null,
    password: url.username ? decodeURIComponent(url.password) : null,
    timeoutMs: field.int('proxyTimeoutMs', 100, 120_000) ?? DEFAULT_PROXY_TIMEOUT_MS,
  };
}

function parseProviderCaps(raw: unknown, where: string, problems: string[]): Record<string, CheckCaps> {
  if (raw === undefined) return {};
  if (!isObject(raw)) {
    problems.push(`${where}: "providers" must map provider names to { checksPerMinute, checksPerDay }`);
    return {};
  }
  const caps: Record<string, CheckCaps> = {};
  for (const [provider, value] of Object.entries(raw)) {
    const at = `${where} providers.${provider}`;
    if (!NAME.test(provider) || !isObject(value)) {
      problems.push(`${at} must be { checksPerMinute, checksPerDay }`);
      continue;
    }
    const field = new FieldReader(value, at, problems);
    for (const key of Object.keys(value))
      if (key !== 'checksPerMinute' && key !== 'checksPerDay') problems.push(`${at}: unknown field "${key}"`);
    caps[provider.toLowerCase()] = {
      perMinute: field.int('checksPerMinute', 1, 1e9),
      perDay: field.int('checksPerDay', 1, 1e12),
    };
  }
  return caps;
}

/** A source address the machine does not have cannot be bound: refused at start rather than at every probe. */
function checkLocalAddress(address: string, where: string, problems: string[], localAddresses: () => string[][]) {
  if (!isIP(address)) {
    problems.push(`${where}: "localAddress" must be an IP address (got "${address}")`);
    return;
  }
  if (!localAddresses().some(([own, cidr]) => own === address || inLoopbackRange(address, cidr)))
    problems.push(`${where}: "localAddress" ${address} is not an address of this machine`);
}

/** Linux answers the whole loopback block on lo (127.0.0.1/8), so any 127.x address can be bound. */
function inLoopbackRange(address: string, cidr: string | undefined): boolean {
  return cidr === '127.0.0.1/8' && address.startsWith('127.');
}

/** [address, cidr] of every interface address. */
function machineAddresses(): string[][] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((info) => [info.address, info.cidr ?? '']);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Optional typed fields of one object, each problem named with where it is. */
class FieldReader {
  constructor(
    private readonly raw: Record<string, unknown>,
    private readonly where: string,
    private readonly problems: string[],
  ) {}

  string(key: string): string | null {
    const value = this.raw[key];
    if (value === undefined) return null;
    if (typeof value !== 'string' || value.trim() === '') {
      this.problems.push(`${this.where}: "${key}" must be a non-empty string`);
      return null;
    }
    return value.trim();
  }

  int(key: string, min: number, max: number): number | null {
    const value = this.raw[key];
    if (value === undefined) return null;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      this.problems.push(`${this.where}: "${key}" must be an integer from ${min} to ${max}`);
      return null;
    }
    return value;
  }
}
