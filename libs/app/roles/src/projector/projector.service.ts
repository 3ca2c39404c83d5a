import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, Optional } from '@nestjs/common';
import { EventStore } from '@lib/eventstore';
import { EventRelay, MessageBus } from '@lib/messaging';
import { ANALYTICS_ALLOWLISTS } from './analytics-allowlists';
import { Metrics } from '@lib/metrics';
import { ProjectionRunner, ReadStore, refuseCheckpointsAheadOfLog } from '@lib/readstore';
import { ProjectionRegistry } from '@lib/platform';

/** The projector role: keeps every read model current and relays domain events to the analytics topics. */
@Injectable()
export class ProjectorService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('projector');
  private runner?: ProjectionRunner;
  private relay?: EventRelay;

  constructor(
    private readonly events: EventStore,
    private readonly readStore: ReadStore,
    private readonly bus: MessageBus,
    private readonly registry: ProjectionRegistry,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const projections = this.registry.all();
    // Read models built from another event log would wait forever for positions this log never reaches.
    await refuseCheckpointsAheadOfLog(this.events, this.readStore);
    this.runner = new ProjectionRunner(this.events, this.readStore, projections);
    await this.runner.start();
    this.relay = new EventRelay(this.events, this.bus, this.readStore, { allowlists: ANALYTICS_ALLOWLISTS });
    await this.relay.start();
    const runner = this.runner;
    const relay = this.relay;
    this.metrics?.projections.track('projections', (cap) => runner.lag(cap));
    this.metrics?.projections.track('relay', (cap) => relay.lag(cap));
    this.logger.log(`projecting ${projections.length} read models and relaying events to analytics topics`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.metrics?.projections.untrack('projections');
    this.metrics?.projections.untrack('relay');
    await this.relay?.stop();
    await this.runner?.stop();
  }
}
