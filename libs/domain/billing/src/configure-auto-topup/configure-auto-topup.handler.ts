import { CommandHandler, ICommandHandler, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Clock, DomainError } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { CreditCatalogue } from '@lib/catalogue';
import { autoTopupSettingsDecider, autoTopupSettingsStream, type AutoTopupSettings } from '../domain/auto-topup';
import { loadAutoTopupSettings } from './auto-topup-settings';
import { ConfigureAutoTopupCommand, GetAutoTopupQuery } from './configure-auto-topup.command';

@CommandHandler(ConfigureAutoTopupCommand)
export class ConfigureAutoTopupHandler implements ICommandHandler<ConfigureAutoTopupCommand, AutoTopupSettings> {
  constructor(
    private readonly events: EventStore,
    private readonly catalogue: CreditCatalogue,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, settings, configuredBy }: ConfigureAutoTopupCommand): Promise<AutoTopupSettings> {
    if (!this.catalogue.activePackages().some((p) => p.id === settings.packageId))
      throw new DomainError('PACKAGE_NOT_FOUND');
    const configure = {
      type: 'ConfigureAutoTopup' as const,
      accountId,
      settings,
      configuredBy,
      at: this.clock.nowIso(),
    };
    await runCommand(this.events, autoTopupSettingsStream(accountId), autoTopupSettingsDecider, configure, {
      load: 'last',
    });
    return settings;
  }
}

@QueryHandler(GetAutoTopupQuery)
export class GetAutoTopupHandler implements IQueryHandler<GetAutoTopupQuery, AutoTopupSettings | null> {
  constructor(private readonly events: EventStore) {}

  execute({ accountId }: GetAutoTopupQuery): Promise<AutoTopupSettings | null> {
    return loadAutoTopupSettings(this.events, accountId);
  }
}
