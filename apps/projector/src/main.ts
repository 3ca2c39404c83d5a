import 'reflect-metadata';
import { main } from '@lib/roles';

void main(['projector']).catch((error) => {
  process.stderr.write(`fatal: ${error?.stack ?? error}\n`);
  process.exit(1);
});
