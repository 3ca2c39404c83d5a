/**
 * What the analytics feed keeps of an event's data. The feed leaves the service's trust boundary
 * (other teams, warehouses, their retention), so it carries who did what and when, by id, and never
 * secrets or personal data it does not need:
 * - on every topic, secret material at any depth: password hashes, hashes of key, session, CSRF and
 *   link secrets, and clear secrets a stored answer may hold (a PaymentIntent's client secret);
 * - per topic, the personal data analytics does not need: users are known by their userId, so their
 *   addresses, names, company, client address and user agent stay in the event store; an invitation
 *   by its inviteId, not the invited address; an idempotent answer by its request hash and claim, not
 *   the stored answer (verdicts of addresses, a checkout's client secret).
 * Consumers of these topics inside the service read only ids and outcomes (sign-up accounts, team
 * removal, usage, job dispatch), which are all kept.
 */
const SECRET_FIELDS = new Set([
  'passwordHash',
  'secretHash',
  'csrfHash',
  'tokenHash',
  'confirmTokenHash',
  'clientSecret',
  'client_secret',
]);

/** Fields dropped at any depth of the data of a topic's events, by category (events.<category>). */
const PERSONAL_FIELDS_BY_CATEGORY: Record<string, ReadonlySet<string>> = {
  users: new Set(['email', 'oldEmail', 'newEmail', 'name', 'company', 'address', 'userAgent']),
  accounts: new Set(['email']),
  idempotency: new Set(['response']),
};

const NOTHING: ReadonlySet<string> = new Set();

/** The event's data as the analytics topic of `category` may carry it. */
export function analyticsData(category: string, data: Record<string, unknown>): Record<string, unknown> {
  const personal = PERSONAL_FIELDS_BY_CATEGORY[category] ?? NOTHING;
  return redact(data ?? {}, personal) as Record<string, unknown>;
}

function redact(value: unknown, personal: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => redact(item, personal));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !SECRET_FIELDS.has(name) && !personal.has(name))
      .map(([name, field]) => [name, redact(field, personal)]),
  );
}
