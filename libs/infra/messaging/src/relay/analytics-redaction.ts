import { allowedData, type AnalyticsAllowlists } from './analytics-allowlist';

/**
 * What the analytics feed may carry, topic by topic. The feed leaves the service's trust boundary
 * (other teams, warehouses, their retention), so it carries who did what and when, by id, and never
 * secrets or personal data it does not need. It is an allowlist of topics: a stream category that
 * is not listed below publishes nothing (not its events, not its stream names) until someone decides
 * here what its topic may carry, so a new aggregate cannot leak by default.
 * - on every topic, secret material at any depth: password hashes, hashes of key, session, CSRF and
 *   link secrets, and clear secrets a stored answer may hold (a PaymentIntent's client secret);
 * - per topic, the personal data analytics does not need: users are known by their userId, so their
 *   addresses, names, company, client address and user agent stay in the event store; an invitation
 *   by its inviteId, not the invited address; an idempotent answer by its request hash and claim, not
 *   the stored answer (verdicts of addresses, a checkout's client secret).
 * Consumers of these topics inside the service read only ids and outcomes (sign-up accounts, team
 * removal, usage, job dispatch, automatic top-up), which are all kept.
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

/**
 * A topic that is published: without these fields at any depth of its events' data (beside the secrets), or,
 * for the topics that carry customers' lists (addresses, people's names and domains, SMTP text), only what the
 * allowlist of each event type lets out (analytics-allowlist.ts; an event type with none publishes no data).
 */
type PublishedTopic = { withheldFields: ReadonlySet<string> } | { allowlisted: true };

const published = (...withheldFields: string[]): PublishedTopic => ({ withheldFields: new Set(withheldFields) });
const allowlisted = (): PublishedTopic => ({ allowlisted: true });

/** Every category whose topic (events.<category>) is published, and what it holds back. */
const PUBLISHED_TOPICS: Record<string, PublishedTopic> = {
  accounts: published('email'),
  users: published('email', 'oldEmail', 'newEmail', 'name', 'company', 'address', 'userAgent'),
  credits: published(),
  orders: published(),
  payment: published(),
  stripe: published(),
  autotopup: published(),
  autotopups: published(),
  verifications: allowlisted(),
  jobs: allowlisted(),
  jobnotices: allowlisted(),
  finder: allowlisted(),
  webhooks: published(),
  webhookdeliveries: published(),
  idempotency: published('response'),
  // An erasure names a job by id and an address by its keyed digest; the address of a subject's request,
  // which only the worker's workflow reads (from the log, sealed), stays out.
  erasures: published('address'),
  // Not listed, so not published:
  // - email (email-claims-<hash of the address>): a claim is an address and its user, nothing else, and
  //   the stream name is a hash anyone can test guesses against; events.users says who signed up, by id;
  // - other (a stream name without a category): nobody decided what such a stream holds.
};

/** The categories whose topic is published, in the order above. */
export const PUBLISHED_CATEGORIES: readonly string[] = Object.keys(PUBLISHED_TOPICS);

/** The categories whose events publish only what their allowlists let out. */
export const ALLOWLISTED_CATEGORIES: readonly string[] = PUBLISHED_CATEGORIES.filter(
  (category) => 'allowlisted' in PUBLISHED_TOPICS[category],
);

/**
 * The event's data as the analytics topic of `category` may carry it, or null when that topic is not
 * published. `allowlists` holds the decisions of the allowlisted topics' event types.
 */
export function analyticsData(
  category: string,
  type: string,
  data: Record<string, unknown>,
  allowlists: AnalyticsAllowlists = {},
): Record<string, unknown> | null {
  const topic = Object.hasOwn(PUBLISHED_TOPICS, category) ? PUBLISHED_TOPICS[category] : undefined;
  if (!topic) return null;
  if ('allowlisted' in topic) {
    const decisions =
      allowlists[category] && Object.hasOwn(allowlists[category], type) ? allowlists[category][type] : {};
    return redact(allowedData(data ?? {}, decisions), new Set()) as Record<string, unknown>;
  }
  return redact(data ?? {}, topic.withheldFields) as Record<string, unknown>;
}

function redact(value: unknown, withheld: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => redact(item, withheld));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !SECRET_FIELDS.has(name) && !withheld.has(name))
      .map(([name, field]) => [name, redact(field, withheld)]),
  );
}
