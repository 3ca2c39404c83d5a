import { randomUUID } from 'node:crypto';
import {
  Server,
  ServerCredentials,
  status,
  type sendUnaryData,
  type ServerReadableStream,
  type ServerUnaryCall,
  type ServerWritableStream,
} from '@grpc/grpc-js';
import { StreamsService } from '@eventstore/db-client/generated/streams_grpc_pb';
import { ServerFeaturesService } from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import { SupportedMethod, SupportedMethods } from '@eventstore/db-client/generated/serverfeatures_pb';
import { AppendReq, AppendResp, ReadReq, type ReadResp } from '@eventstore/db-client/generated/streams_pb';
import type { Empty } from '@eventstore/db-client/generated/shared_pb';
import { FakeEsdbLog, type FakeExpected, type ProposedRecord } from './fake-esdb-log';
import {
  allStart,
  checkpoint,
  confirmation,
  empty,
  INVALID_POSITION,
  readEvent,
  recordFilter,
  serviceError,
  streamNotFound,
} from './fake-esdb-messages';

/** Faults a test switches on; each mimics a documented server or network behaviour. */
export interface FakeEsdbFaults {
  /** Reads and subscriptions of $all answer AccessDenied, as for a user outside $admins (the default $all ACL). */
  denyAll: boolean;
  /** Accept calls and never answer them (a hung node or a black-holed connection). */
  silent: boolean;
  /** Filtered subscriptions send checkpoints at the end of the log (the position the next event will get), as some KurrentDB versions did. */
  endOfLogCheckpoints: boolean;
  /** Live events are stored but not pushed to subscribers until released (to drop a connection before delivery). */
  holdLive: boolean;
  /** The next append is committed, then its reply is never sent (the client's deadline expires). */
  loseNextAppendReply: boolean;
}

/** What the server saw, for assertions on how the client used it. */
export interface FakeEsdbStats {
  /** Every non-subscription read of $all: its requested count. */
  allReads: { count: number }[];
  checkpointsSent: number;
  streamReads: number;
  /** Stream reads sent without `requires-leader` (a follower may answer them with stale state). */
  streamReadsWithoutLeader: number;
}

const STREAMS = 'event_store.client.streams.streams';

/**
 * A loopback gRPC server speaking the parts of EventStoreDB's protocol the adapter uses (Streams.Read,
 * Streams.Append, ServerFeatures), built from the protos shipped in @eventstore/db-client, so the real
 * client classes run against it. Faults are switched on per test.
 */
export class FakeEsdbServer {
  readonly log = new FakeEsdbLog();
  readonly faults: FakeEsdbFaults = {
    denyAll: false,
    silent: false,
    endOfLogCheckpoints: false,
    holdLive: false,
    loseNextAppendReply: false,
  };
  readonly stats: FakeEsdbStats = { allReads: [], checkpointsSent: 0, streamReads: 0, streamReadsWithoutLeader: 0 };
  /** What GetSupportedMethods reports; null answers UNIMPLEMENTED, as servers before 21.10 do. */
  serverVersion: string | null = '24.10.0';
  private readonly server = new Server();
  private readonly subscriptions = new Set<{ drop(): void; pump(): void }>();
  private readonly pending = new Set<() => void>();
  private readonly checkpointWaiters: Array<() => void> = [];
  private port = 0;

  static async start(): Promise<FakeEsdbServer> {
    const fake = new FakeEsdbServer();
    fake.server.addService(StreamsService, {
      read: (call: ServerWritableStream<ReadReq, ReadResp>) => fake.read(call),
      append: (call: ServerReadableStream<AppendReq, AppendResp>, reply: sendUnaryData<AppendResp>) =>
        fake.append(call, reply),
    });
    fake.server.addService(ServerFeaturesService, {
      getSupportedMethods: (_call: ServerUnaryCall<Empty, SupportedMethods>, reply: sendUnaryData<SupportedMethods>) =>
        fake.features(reply),
    });
    fake.port = await new Promise<number>((resolve, reject) =>
      fake.server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, port) =>
        error ? reject(error) : resolve(port),
      ),
    );
    return fake;
  }

  /** A connection string for the real client; `query` adds settings such as `defaultDeadline=1000`. */
  connectionString(query = ''): string {
    return `esdb://127.0.0.1:${this.port}?tls=false${query ? `&${query}` : ''}`;
  }

  /** Ends every live subscription with UNAVAILABLE, as a node restart or a network cut does. */
  dropSubscriptions(): void {
    for (const subscription of [...this.subscriptions]) subscription.drop();
  }

  /** Pushes live events held by `holdLive` to the subscriptions still connected. */
  releaseLive(): void {
    this.faults.holdLive = false;
    for (const subscription of this.subscriptions) subscription.pump();
  }

  /** Resolves when the next checkpoint is sent to a subscription. */
  nextCheckpoint(): Promise<void> {
    return new Promise((resolve) => this.checkpointWaiters.push(resolve));
  }

  /** Back to a well-behaved server (the log is kept). */
  reset(): void {
    Object.assign(this.faults, {
      denyAll: false,
      silent: false,
      endOfLogCheckpoints: false,
      holdLive: false,
      loseNextAppendReply: false,
    });
    this.serverVersion = '24.10.0';
    this.pending.forEach((answer) => answer());
    this.pending.clear();
  }

  async stop(): Promise<void> {
    this.pending.forEach((answer) => answer());
    this.server.forceShutdown();
  }

  private features(reply: sendUnaryData<SupportedMethods>): void {
    // Servers before 21.10 have no ServerFeatures service: gRPC answers UNIMPLEMENTED for the method, which
    // is how the client learns it talks to an old server (the adapter then refuses it, see esdb-server-version).
    if (this.serverVersion === null) {
      return reply(
        serviceError(
          status.UNIMPLEMENTED,
          null,
          'Method not found: event_store.client.server_features.ServerFeatures/GetSupportedMethods',
        ) as never,
        null,
      );
    }
    const methods = ['read', 'append'].map((name) => new SupportedMethod().setServiceName(STREAMS).setMethodName(name));
    reply(null, new SupportedMethods().setMethodsList(methods).setEventStoreServerVersion(this.serverVersion));
  }

  private read(call: ServerWritableStream<ReadReq, ReadResp>): void {
    if (this.holdIfSilent(() => call.end())) return;
    const options = call.request.getOptions()!;
    if (options.hasStream()) return this.readStream(call, options);
    if (this.faults.denyAll) {
      call.emit('error', serviceError(status.PERMISSION_DENIED, 'access-denied', 'Access denied'));
      return;
    }
    if (options.hasSubscription()) return this.subscribeAll(call, options);
    const backwards = options.getReadDirection() === ReadReq.Options.ReadDirection.BACKWARDS;
    const count = Number(options.getCount());
    this.stats.allReads.push({ count });
    const matches = recordFilter(options);
    const records = this.log.records;
    const start = allStart(options, records, backwards, this.log.nextPosition);
    if (start === null) {
      call.emit('error', serviceError(status.INVALID_ARGUMENT, null, INVALID_POSITION));
      return;
    }
    let sent = 0;
    for (let i = start; i >= 0 && i < records.length && sent < count; i += backwards ? -1 : 1) {
      if (!matches(records[i])) continue;
      if (call.cancelled) return;
      call.write(readEvent(records[i]));
      sent++;
    }
    call.end();
  }

  private readStream(call: ServerWritableStream<ReadReq, ReadResp>, options: ReadReq.Options): void {
    const stream = options.getStream()!;
    this.stats.streamReads++;
    if (call.metadata.get('requires-leader')[0] !== 'true') this.stats.streamReadsWithoutLeader++;
    const streamId = Buffer.from(stream.getStreamIdentifier()!.getStreamName() as Uint8Array).toString('utf8');
    const records = this.log.stream(streamId);
    if (records.length === 0) {
      call.write(streamNotFound(streamId));
      call.end();
      return;
    }
    const backwards = options.getReadDirection() === ReadReq.Options.ReadDirection.BACKWARDS;
    const from = stream.hasRevision()
      ? Number(stream.getRevision())
      : stream.hasEnd()
        ? Number.MAX_SAFE_INTEGER
        : backwards
          ? Number.MAX_SAFE_INTEGER
          : 0;
    const selected = backwards
      ? records.filter((r) => r.revision <= from).reverse()
      : records.filter((r) => r.revision >= from);
    for (const record of selected.slice(0, Number(options.getCount()))) call.write(readEvent(record));
    call.end();
  }

  /** Catch-up then live: events strictly after the start position, then a checkpoint whenever the filter skipped records. */
  private subscribeAll(call: ServerWritableStream<ReadReq, ReadResp>, options: ReadReq.Options): void {
    const records = this.log.records;
    const start = allStart(options, records, false, this.log.nextPosition);
    if (start === null) {
      call.emit('error', serviceError(status.INVALID_ARGUMENT, null, INVALID_POSITION));
      return;
    }
    // Subscriptions start strictly after their position.
    let cursor =
      options.getAll()!.hasPosition() &&
      start < records.length &&
      records[start].position === Number(options.getAll()!.getPosition()!.getCommitPosition())
        ? start + 1
        : start;
    const matches = recordFilter(options);
    const filtered = options.hasFilter();
    const subscription = {
      pump: () => {
        if (this.faults.holdLive || call.cancelled) return;
        let skipped = false;
        for (; cursor < records.length; cursor++) {
          if (matches(records[cursor])) {
            call.write(readEvent(records[cursor]));
            skipped = false;
          } else skipped = true;
        }
        if (filtered && skipped) {
          const last = records[records.length - 1];
          call.write(checkpoint(this.faults.endOfLogCheckpoints ? this.log.nextPosition : last.position));
          this.stats.checkpointsSent++;
          this.checkpointWaiters.splice(0).forEach((resolve) => resolve());
        }
      },
      drop: () => {
        close();
        call.emit('error', serviceError(status.UNAVAILABLE, null, 'connection dropped by the fake server'));
      },
    };
    const unlisten = this.log.onAppend(() => subscription.pump());
    const close = (): void => {
      unlisten();
      this.subscriptions.delete(subscription);
    };
    call.on('cancelled', close);
    call.on('close', close);
    this.subscriptions.add(subscription);
    call.write(confirmation(randomUUID()));
    subscription.pump();
  }

  private append(call: ServerReadableStream<AppendReq, AppendResp>, reply: sendUnaryData<AppendResp>): void {
    let streamId = '';
    let expected: FakeExpected = 'any';
    const events: ProposedRecord[] = [];
    call.on('data', (request: AppendReq) => {
      if (request.hasOptions()) {
        const options = request.getOptions()!;
        streamId = Buffer.from(options.getStreamIdentifier()!.getStreamName() as Uint8Array).toString('utf8');
        expected = options.hasRevision()
          ? Number(options.getRevision())
          : options.hasNoStream()
            ? 'no_stream'
            : options.hasStreamExists()
              ? 'stream_exists'
              : 'any';
        return;
      }
      const message = request.getProposedMessage()!;
      const metadata = message.getMetadataMap();
      events.push({
        id: message.getId()!.getString(),
        type: metadata.get('type') ?? '',
        contentType: metadata.get('content-type') ?? 'application/octet-stream',
        data: Buffer.from(message.getData_asU8()),
        metadata: Buffer.from(message.getCustomMetadata_asU8()),
      });
    });
    call.on('end', () => {
      if (this.holdIfSilent(() => reply(serviceError(status.UNAVAILABLE, null, 'shut down') as never, null))) return;
      const outcome = this.log.append(streamId, events, expected);
      if (this.faults.loseNextAppendReply) {
        this.faults.loseNextAppendReply = false;
        this.pending.add(() => undefined);
        return;
      }
      reply(null, appendResponse(outcome, expected));
    });
  }

  /** Under the `silent` fault, parks the call (answered only at stop) and returns true. */
  private holdIfSilent(answerAtStop: () => void): boolean {
    if (!this.faults.silent) return false;
    this.pending.add(answerAtStop);
    return true;
  }
}

function appendResponse(outcome: ReturnType<FakeEsdbLog['append']>, expected: FakeExpected): AppendResp {
  const response = new AppendResp();
  if (outcome.ok) {
    const position = new AppendResp.Position()
      .setCommitPosition(String(outcome.position))
      .setPreparePosition(String(outcome.position));
    return response.setSuccess(
      new AppendResp.Success().setCurrentRevision(String(outcome.revision)).setPosition(position),
    );
  }
  const wrong = new AppendResp.WrongExpectedVersion();
  if (outcome.current === 'no_stream') wrong.setCurrentNoStream(empty());
  else wrong.setCurrentRevision(String(outcome.current));
  if (typeof expected === 'number') wrong.setExpectedRevision(String(expected));
  else if (expected === 'no_stream') wrong.setExpectedNoStream(empty());
  else if (expected === 'stream_exists') wrong.setExpectedStreamExists(empty());
  else wrong.setExpectedAny(empty());
  return response.setWrongExpectedVersion(wrong);
}
