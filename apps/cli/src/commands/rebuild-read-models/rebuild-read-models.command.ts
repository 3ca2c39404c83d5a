import { EventStore } from '@lib/eventstore';
import { ProjectionRegistry } from '@lib/platform';
import { ProjectionRunner, ReadStore } from '@lib/readstore';
import { CliCommand } from '../../cli-command';
import { ProgressBar } from './progress-bar';

/** Drops every registered read model and replays the whole event store into it. Stop the projector first. */
export const rebuildReadModels: CliCommand = {
  name: 'rebuild-read-models',
  usage: 'rebuild-read-models   (stop every projector process first: two runners would race)',
  async run(app) {
    const projections = app.get(ProjectionRegistry).all();
    const events = app.get(EventStore);
    const head = await events.headPosition();
    const bar = new ProgressBar(head);
    const started = Date.now();
    const runner = new ProjectionRunner(events, app.get(ReadStore), projections, { name: 'cli-rebuild' });
    const result = await runner.rebuild((progress) =>
      bar.update(progress.position, `position ${progress.position}/${head}, ${progress.events} events`),
    );
    bar.finish(`${result.events} events`);
    return {
      output: {
        projections: projections.map((p) => p.name),
        collections: [...new Set(projections.flatMap((p) => p.collections ?? []))],
        events: result.events,
        position: result.position,
        seconds: (Date.now() - started) / 1000,
      },
    };
  },
};
