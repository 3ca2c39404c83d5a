import 'reflect-metadata';
import { main } from '@lib/roles';

// api + worker + projector in one process on the adapters chosen by configuration (embedded by default).
void main(['api', 'worker', 'projector']).catch((error) => {
  process.stderr.write(`fatal: ${error?.stack ?? error}\n`);
  process.exit(1);
});
