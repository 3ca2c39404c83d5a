// The public surface of the catalogue: what is on sale (credit packages and their promotions) and how an order
// for one is priced. Billing quotes its orders here; the API lists the packages.
export { CatalogueModule } from './catalogue.module';
export { CreditCatalogue } from './domain/credit-catalogue';
export type { OrderQuote } from './domain/price-order';
