import * as fs from 'node:fs';
import * as path from 'node:path';
import { INestApplication, Logger } from '@nestjs/common';
import { AppConfig } from '@lib/config';
import { EventStore } from '@lib/eventstore';
import { describeAdapters } from '@lib/platform';
import { AccountProvisioning } from './account-provisioning';

/**
 * First start of an embedded installation with no accounts: open a demo account with credits and
 * hand its key back once (announceDemoAccount prints it), so a newcomer can call the API straight away. Never on production adapters.
 */
export async function ensureDemoAccount(
  app: INestApplication,
  config: AppConfig,
): Promise<{ accountId: string; apiKey: string; credits: number } | null> {
  if (!config.demoAccount.enabled || describeAdapters(config).eventStore !== 'sqlite') return null;
  const events = app.get(EventStore);
  const existing = await events.readAll({ eventTypes: ['AccountOpened'], maxCount: 1 });
  if (existing.length > 0) return null;
  const opened = await app.get(AccountProvisioning).openAccount('Demo account', config.demoAccount.credits);
  return { accountId: opened.accountId, apiKey: opened.apiKey, credits: opened.credits };
}

/** Where the demo key is kept: the installation's own data directory, readable by its owner only. */
export const demoKeyFile = (dataDir: string): string => path.join(dataDir, 'demo-api-key');

/**
 * Says where the demo key is: a JSON log line (log pipelines, `docker logs`) naming the file that
 * holds it, since no key may reach a log (every line is redacted), and on a terminal also a box a
 * person can read the key from and copy.
 */
export function announceDemoAccount(
  demo: { accountId: string; apiKey: string; credits: number },
  url: string,
  dataDir: string,
): void {
  const keyFile = demoKeyFile(dataDir);
  fs.writeFileSync(keyFile, `${demo.apiKey}\n`, { mode: 0o600 });
  new Logger('demo').log({
    msg: `demo account created: its API key is in ${keyFile} (KEY=$(cat ${keyFile}))`,
    accountId: demo.accountId,
    credits: demo.credits,
    apiKeyFile: keyFile,
  });
  if (!process.stdout.isTTY) return;
  process.stdout.write(
    [
      '',
      '================ demo account created (this key is shown only once) ================',
      `  account id: ${demo.accountId}   credits: ${demo.credits}`,
      `  API key:    ${demo.apiKey}   (also in ${keyFile})`,
      `  try:        curl -H 'X-API-KEY: ${demo.apiKey}' '${url}/v1/credits/balance'`,
      `  API docs:   ${url}/docs`,
      '=====================================================================================',
      '',
    ].join('\n') + '\n',
  );
}
