import { DataKeyStore } from '@lib/personal-data';
import { CliCommand } from '../../cli-command';

// After a master key rotation: DATA_MASTER_KEY is the new key, DATA_MASTER_KEYS_PREVIOUS still holds the old.

export const rewrapDataKeys: CliCommand = {
  name: 'rewrap-data-keys',
  usage: 'rewrap-data-keys   (wrap every data key under DATA_MASTER_KEY, after a rotation)',
  async run(app) {
    const rewrapped = await app.get(DataKeyStore).rewrap();
    return { output: { rewrapped } };
  },
};
