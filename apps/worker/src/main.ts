import 'reflect-metadata';
import { main } from '@lib/roles';

void main(['worker']).catch((error) => {
  process.stderr.write(`fatal: ${error?.stack ?? error}\n`);
  process.exit(1);
});
