// The client's own parser, so configuration accepts exactly what the client will connect with.
import { parseConnectionString } from '@eventstore/db-client/dist/Client/parseConnectionString';

/**
 * Why EVENTSTORE_URL cannot be used, or null. Accepted: `esdb://host:2113` (one node),
 * `esdb://a:2113,b:2113,c:2113` (gossip seeds: the client asks each in turn and follows the leader), and
 * `esdb+discover://cluster.example.com:2113` (one DNS name resolving to the nodes). `esdb+discover://`
 * with several hosts is refused: the client discovers through the first one only, so it has no failover.
 * The value is never echoed back (it may hold a password).
 */
export function eventStoreUrlProblem(raw: string): string | null {
  let parsed: ReturnType<typeof parseConnectionString>;
  try {
    parsed = parseConnectionString(raw);
  } catch (error) {
    return `EVENTSTORE_URL is not a valid EventStoreDB connection string: ${(error as Error).message.split('\n')[0]}`;
  }
  if (parsed.dnsDiscover && parsed.hosts.length > 1) {
    return (
      'EVENTSTORE_URL lists several hosts after esdb+discover://, but the client discovers through the first one only: ' +
      'list gossip seeds as esdb://a:2113,b:2113,c:2113, or give one DNS name that resolves to every node (esdb+discover://cluster:2113)'
    );
  }
  return null;
}
