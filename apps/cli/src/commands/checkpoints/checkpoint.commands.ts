import { EventStore } from '@lib/eventstore';
import { CheckpointStore, ReadStore } from '@lib/readstore';
import { stringFlag, UsageError } from '../../cli-args';
import { CliCommand } from '../../cli-command';

/** Every saved checkpoint with the event store's head, to see where each subscriber stands. */
export const listCheckpoints: CliCommand = {
  name: 'checkpoints',
  usage: "checkpoints   (each subscriber's saved position, and the event store's head)",
  async run(app) {
    return {
      output: {
        head: await app.get(EventStore).headPosition(),
        checkpoints: await new CheckpointStore(app.get(ReadStore)).all(),
      },
    };
  },
};

/**
 * Sets one checkpoint, to `head` (continue after everything the store holds now) or to a position of this
 * store. For a switch of event stores, where old positions mean nothing (docs/production.md); stop the
 * process that owns the checkpoint first.
 */
export const moveCheckpoint: CliCommand = {
  name: 'move-checkpoint',
  usage: 'move-checkpoint --name <relay:analytics|projection:...> --to <head|position>   (stop its process first)',
  async run(app, flags) {
    const name = stringFlag(flags, 'name');
    const to = stringFlag(flags, 'to');
    if (to !== 'head' && !/^\d{1,16}$/.test(to))
      throw new UsageError('--to must be head or a non-negative integer position');
    const checkpoints = new CheckpointStore(app.get(ReadStore));
    const from = await checkpoints.load(name);
    const position = to === 'head' ? await app.get(EventStore).headPosition() : Number(to);
    await checkpoints.save([{ name, position }]);
    return { output: { name, from, to: position } };
  },
};
