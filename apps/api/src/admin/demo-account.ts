import { INestApplication, Logger } from '@nestjs/common';
import { AppConfig } from '@lib/config';
import { EventStore } from '@lib/eventstore';
import { describeAdapters } from '@lib/platform';
import { AccountProvisioning } from './account-provisioning';

/**
 * First start of an embedded installation with no accounts: open a demo account with credits and
 * print its key once, so a newcomer can call the API straight away. Never on production adapters.
 */
export async function ensureDemoAccount(app: INestApplication, config: AppConfig): Promise<{ accountId: string; apiKey: string } | null> {
  if (!config.demoAccount.enabled || describeAdapters(config).eventStore !== 'sqlite') return null;
  const events = app.get(EventStore);
  const existing = await events.readAll({ eventTypes: ['AccountOpened'], maxCount: 1 });
  if (existing.length > 0) return null;
  const opened = await app.get(AccountProvisioning).openAccount('Demo account', config.demoAccount.credits);
  const banner = [
    '',
    '================ demo account created (this key is shown only once) ================',
    `  account id: ${opened.accountId}   credits: ${opened.credits}`,
    `  API key:    ${opened.apiKey}`,
    `  try:        curl -H 'X-API-KEY: ${opened.apiKey}' '${'http://localhost:' + config.port}/v1/credits/balance'`,
    '=====================================================================================',
    '',
  ].join('\n');
  process.stdout.write(banner);
  new Logger('demo').log(`demo account ${opened.accountId} created`);
  return { accountId: opened.accountId, apiKey: opened.apiKey };
}
