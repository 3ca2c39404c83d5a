import type { EventStoreDBClient } from '@eventstore/db-client';

/** Stream reads report $all positions from 22.6 on; older servers send none and read-your-writes could not wait. */
export const MINIMUM_SERVER_VERSION = [22, 6] as const;

/** Raised for every operation on a server older than MINIMUM_SERVER_VERSION. */
export class UnsupportedServerError extends Error {
  constructor(readonly serverVersion: string) {
    super(
      `EventStoreDB/KurrentDB server version ${serverVersion} is not supported: this service needs ${MINIMUM_SERVER_VERSION.join('.')} or later ` +
        '(older servers report no $all position on stream reads); see docs/production.md',
    );
    this.name = 'UnsupportedServerError';
  }
}

/**
 * `unknown` is what the client reports when the server has no ServerFeatures service, i.e. before 21.10.
 * Versions look like `24.10.0` or `23.10.1-rc.1`.
 */
export function isSupportedVersion(version: string): boolean {
  const match = /^(\d+)\.(\d+)/.exec(version);
  if (!match) return false;
  const [major, minor] = [Number(match[1]), Number(match[2])];
  return (
    major > MINIMUM_SERVER_VERSION[0] || (major === MINIMUM_SERVER_VERSION[0] && minor >= MINIMUM_SERVER_VERSION[1])
  );
}

/** Checks the server's version once per client; a failure to ask (no connection yet) is retried on the next call. */
export class ServerVersionCheck {
  private check?: Promise<void>;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly onUnsupported: (error: UnsupportedServerError) => void,
  ) {}

  /** Resolves when the server is supported; rejects with UnsupportedServerError (for good) or a connection error (retried). */
  ensure(): Promise<void> {
    this.check ??= this.run().catch((error: unknown) => {
      if (!(error instanceof UnsupportedServerError)) this.check = undefined;
      throw error;
    });
    return this.check;
  }

  private async run(): Promise<void> {
    // `capabilities` is protected in the client's types; it is the client's own cached GetSupportedMethods answer.
    const { serverVersion } = await (this.client as unknown as { capabilities: Promise<{ serverVersion: string }> })
      .capabilities;
    if (isSupportedVersion(serverVersion)) return;
    const error = new UnsupportedServerError(serverVersion);
    this.onUnsupported(error);
    throw error;
  }
}
