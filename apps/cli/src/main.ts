import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { DomainError } from '@lib/common';
import { ConfigError, loadConfig } from '@lib/config';
import { parseArgs, UsageError } from './cli-args';
import { CliCommand, EXIT } from './cli-command';
import { CliModule } from './cli.module';
import { addOrder } from './commands/add-order/add-order.command';
import { adjust } from './commands/adjust/adjust.command';
import { createAccount } from './commands/create-account/create-account.command';
import { createKey } from './commands/create-key/create-key.command';
import { revokeKey } from './commands/revoke-key/revoke-key.command';
import { rotateKey } from './commands/rotate-key/rotate-key.command';
import { confirmOrder, failOrder } from './commands/settle-order/settle-order.command';
import { ledgerReplay } from './commands/ledger-replay/ledger-replay.command';
import { rebuildReadModels } from './commands/rebuild-read-models/rebuild-read-models.command';
import { listCheckpoints, moveCheckpoint } from './commands/checkpoints/checkpoint.commands';
import { rewrapDataKeys } from './commands/rewrap-data-keys/rewrap-data-keys.command';
import { sealEventLog } from './commands/seal-event-log/seal-event-log.command';

const COMMANDS: CliCommand[] = [
  createAccount,
  createKey,
  revokeKey,
  rotateKey,
  addOrder,
  adjust,
  confirmOrder,
  failOrder,
  ledgerReplay,
  rebuildReadModels,
  listCheckpoints,
  moveCheckpoint,
  rewrapDataKeys,
  sealEventLog,
];

const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);

function usage(): string {
  return ['usage: npm run admin -- <command> [--flags]', ...COMMANDS.map((c) => `  ${c.usage}`)].join('\n');
}

/** `npm run admin -- <command> --flags`: JSON on stdout, diagnostics on stderr, non-zero exit on failure. */
async function main(argv: string[]): Promise<number> {
  const { command: name, flags } = parseArgs(argv);
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) throw new UsageError(name ? `unknown command "${name}"` : 'no command given');
  const config = loadConfig(process.env, []);
  const app = await NestFactory.createApplicationContext(CliModule.forRoot(config), { logger: ['error'] });
  try {
    const outcome = await command.run(app, flags, config);
    print(outcome.output);
    return outcome.exitCode ?? EXIT.ok;
  } finally {
    await app.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n${usage()}\n`);
      process.exit(EXIT.usage);
    }
    const known = error instanceof DomainError || error instanceof ConfigError;
    print({
      error: {
        code: error instanceof DomainError ? error.code : null,
        message: known ? (error as Error).message : String((error as Error)?.stack ?? error),
      },
    });
    process.exit(EXIT.failed);
  },
);
