import { Module } from '@nestjs/common';
import type { DashboardConfig } from '@lib/config';
import { provideConfigSlice } from '@lib/platform';

/** What libs/teams reads of the configuration: where mailed links point, and the credits a sign-up's account starts with. */
export type TeamsConfig = Pick<DashboardConfig, 'publicUrl' | 'trialCredits'>;

/** DI token of TeamsConfig (a type, so it needs a token); TeamsConfigModule provides and exports it. */
export const TEAMS_CONFIG = Symbol('TEAMS_CONFIG');

/** The teams slice, for each module of the lib (they import no one module in common). */
@Module({
  providers: [
    provideConfigSlice(TEAMS_CONFIG, ({ dashboard }): TeamsConfig => ({
      publicUrl: dashboard.publicUrl,
      trialCredits: dashboard.trialCredits,
    })),
  ],
  exports: [TEAMS_CONFIG],
})
export class TeamsConfigModule {}
