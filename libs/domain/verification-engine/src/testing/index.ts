// For tests and the list-maintenance script only (production code never imports it: a layer rule refuses it):
// how the disposable-MX table is built from observations (scripts/update-disposable-lists.ts).
export {
  curatedHosts,
  hostsFromObservations,
  observationsFromCsv,
  type MxTableSource,
} from '../lists/disposable-mx-build';
export { isDisposableDomain } from '../lists/disposable-domains';
export { isSharedMailInfrastructure } from '../lists/disposable-mail-hosts';
