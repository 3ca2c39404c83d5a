import { Module } from '@nestjs/common';
import { CATALOGUE_CONFIG, CatalogueConfig, catalogueConfigProvider } from './catalogue.config';
import { CreditCatalogue } from './domain/credit-catalogue';
import { loadCatalogue } from './load-catalogue/load-catalogue';

/** The credit packages and promotions on sale, read once at start (a malformed file stops the process). */
@Module({
  providers: [
    catalogueConfigProvider,
    {
      provide: CreditCatalogue,
      useFactory: (config: CatalogueConfig) => new CreditCatalogue(loadCatalogue(config.packagesFile)),
      inject: [CATALOGUE_CONFIG],
    },
  ],
  exports: [CreditCatalogue],
})
export class CatalogueModule {}
