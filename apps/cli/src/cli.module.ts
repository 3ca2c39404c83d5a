import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AppConfig } from '@lib/config';
import { PlatformModule } from '@lib/platform';
import { PersonalDataPoliciesModule, ProjectorModule } from '@lib/roles';
import { AccountOpeningModule } from '@lib/teams';

/**
 * The domain modules the projector imports (so every projection is registered for a rebuild), read
 * from its metadata so the two lists cannot drift apart, but without the projector's own service:
 * the CLI must not start subscriptions or the relay. No HTTP either. AccountOpening for create-account.
 */
function projectedModules(): unknown[] {
  return (Reflect.getMetadata('imports', ProjectorModule) as unknown[] | undefined) ?? [];
}

@Module({})
export class CliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CliModule,
      imports: [
        PlatformModule.forRoot(config),
        PersonalDataPoliciesModule,
        CqrsModule,
        AccountOpeningModule,
        ...(projectedModules() as DynamicModule[]),
      ],
    };
  }
}
