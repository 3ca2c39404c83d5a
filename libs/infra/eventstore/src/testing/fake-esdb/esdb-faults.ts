import { binaryEvent, EventStoreDBClient } from '@eventstore/db-client';
import type { EventStoreFaults } from '../faults.contract';
import type { FakeEsdbServer } from './fake-esdb-server';

/** Writes link events (`$>`, data `n@stream`, not JSON), as the server's standard projections do, with a client of its own. */
export async function appendLinkEvents(connectionString: string, streamId: string, count: number): Promise<void> {
  const client = EventStoreDBClient.connectionString(connectionString);
  try {
    const links = Array.from({ length: count }, (_, n) =>
      binaryEvent({ type: '$>', data: Buffer.from(`${n}@${streamId}-source`) }),
    );
    await client.appendToStream(streamId, links);
  } finally {
    await client.dispose();
  }
}

/** Every fault of the contract, on the fake server (`server` is called per use: suites start it in beforeAll). */
export function fakeEsdbFaults(server: () => FakeEsdbServer): EventStoreFaults {
  return {
    appendForeign: (streamId, count) => appendLinkEvents(server().connectionString(), streamId, count),
    checkpointAtEndOfLog: () => {
      server().faults.endOfLogCheckpoints = true;
    },
    checkpointSent: () => server().nextCheckpoint(),
    dropSubscriptionsAfter: async (write) => {
      server().faults.holdLive = true;
      await write();
      server().dropSubscriptions();
      server().releaseLive();
    },
    loseNextAppendReply: () => {
      server().faults.loseNextAppendReply = true;
    },
    denyGlobalLog: () => {
      server().faults.denyAll = true;
    },
    silence: () => {
      server().faults.silent = true;
    },
    reset: () => server().reset(),
  };
}

/** What a real server can do of the fault contract: only foreign events (the rest needs control of the server). */
export function realEsdbFaults(connectionString: string): EventStoreFaults {
  return {
    appendForeign: (streamId, count) => appendLinkEvents(connectionString, streamId, count),
    reset: () => undefined,
  };
}
