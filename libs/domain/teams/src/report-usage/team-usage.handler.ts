import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { ListApiKeysQuery } from '@lib/accounts';
import { Clock, DomainError } from '@lib/common';
import { FindSessionOwnersQuery, FindUsersQuery } from '@lib/identity';
import { ListUsageFactsQuery, type UsageFact } from '@lib/usage';
import { TeamUsageQuery, TeamUsageReport, UsageTotals as Totals } from './team-usage.query';

const DEFAULT_DAYS = 30;
const MAX_DAYS = 90;

const zero = (): Totals => ({ verifications: 0, finderCalls: 0, credits: 0 });

/** Calls made from the dashboard (no key, a session cookie) are recorded under `session:<sessionId>`. */
const SESSION_KEY_PREFIX = 'session:';

function add(totals: Totals, fact: UsageFact): void {
  if (fact.kind === 'verification') totals.verifications += fact.calls;
  else totals.finderCalls += fact.calls;
  totals.credits += fact.credits;
}

/**
 * Daily usage of the team (per day and result, per key, per member), summed from the usage facts the
 * worker's analytics consumer records. A member sees only the usage of their own keys and sessions.
 */
@QueryHandler(TeamUsageQuery)
export class TeamUsageHandler implements IQueryHandler<TeamUsageQuery, TeamUsageReport> {
  constructor(
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async execute({ viewer: user, days = DEFAULT_DAYS }: TeamUsageQuery): Promise<TeamUsageReport> {
    if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS)
      throw new DomainError('VALIDATION_FAILED', `days must be an integer from 1 to ${MAX_DAYS}.`);
    const dayList = Array.from({ length: days }, (_, i) =>
      new Date(this.clock.now() - i * 86_400_000).toISOString().slice(0, 10),
    ).reverse();
    const keys = await this.queries.execute(new ListApiKeysQuery(user.accountId));
    const allFacts = await this.queries.execute(new ListUsageFactsQuery(user.accountId, dayList));
    // Who made each call: a key's owner, or the user whose dashboard session it was.
    const callerOf = new Map<string, string | null>(keys.map((k) => [k.keyId, k.userId ?? null]));
    const sessionIds = [
      ...new Set(
        allFacts
          .map((f) => f.keyId)
          .filter((id) => id.startsWith(SESSION_KEY_PREFIX))
          .map((id) => id.slice(SESSION_KEY_PREFIX.length)),
      ),
    ];
    const sessions = await this.queries.execute(new FindSessionOwnersQuery(sessionIds));
    for (const session of sessions) callerOf.set(SESSION_KEY_PREFIX + session.sessionId, session.userId);
    const facts = user.role === 'member' ? allFacts.filter((f) => callerOf.get(f.keyId) === user.userId) : allFacts;
    const daily = new Map(dayList.map((day) => [day, { day, ...zero(), byResult: {} as Record<string, number> }]));
    const byKey = new Map<string, Totals>();
    for (const fact of facts) {
      const entry = daily.get(fact.day)!;
      add(entry, fact);
      for (const [result, count] of Object.entries(fact.byResult))
        entry.byResult[result] = (entry.byResult[result] ?? 0) + count;
      if (!byKey.has(fact.keyId)) byKey.set(fact.keyId, zero());
      add(byKey.get(fact.keyId)!, fact);
    }
    const keyViews = new Map(keys.map((k) => [k.keyId, k]));
    const ownerIds = [...new Set([...callerOf.values()].filter((id): id is string => !!id))];
    const owners = await this.queries.execute(new FindUsersQuery(ownerIds));
    const emails = new Map(owners.map((o) => [o.userId, o.email]));
    const byMember = new Map<string, Totals & { userId: string | null; email: string | null }>();
    const keyRows = [...byKey].map(([keyId, totals]) => {
      const ownerId = callerOf.get(keyId) ?? null;
      const memberKey = ownerId ?? '';
      if (!byMember.has(memberKey))
        byMember.set(memberKey, { userId: ownerId, email: ownerId ? (emails.get(ownerId) ?? null) : null, ...zero() });
      const member = byMember.get(memberKey)!;
      member.verifications += totals.verifications;
      member.finderCalls += totals.finderCalls;
      member.credits += totals.credits;
      return { keyId, label: keyViews.get(keyId)?.label ?? null, ownerUserId: ownerId, ...totals };
    });
    return {
      from: dayList[0],
      to: dayList[dayList.length - 1],
      daily: [...daily.values()],
      byKey: keyRows,
      byMember: [...byMember.values()],
    };
  }
}
