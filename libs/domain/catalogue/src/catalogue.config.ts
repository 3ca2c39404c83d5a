import type { CreditsConfig } from '@lib/config';
import { provideConfigSlice } from '@lib/platform';

/** What libs/domain/catalogue reads of the configuration: the file of credit packages and promotions. */
export type CatalogueConfig = Pick<CreditsConfig, 'packagesFile'>;

/** DI token of CatalogueConfig (a type, so it needs a token); CatalogueModule provides it. */
export const CATALOGUE_CONFIG = Symbol('CATALOGUE_CONFIG');

export const catalogueConfigProvider = provideConfigSlice(CATALOGUE_CONFIG, (config): CatalogueConfig => ({
  packagesFile: config.credits.packagesFile,
}));
