// For tests, benchmarks and the list-maintenance script only (production code never imports it: a layer rule
// refuses it): how the disposable-MX table is built from observations (scripts/update-disposable-lists.ts), and
// the engine's settings and silent observer, which the probing specs and the probe bench build an engine with.
export {
  curatedHosts,
  hostsFromObservations,
  observationsFromCsv,
  type MxTableSource,
} from '../lists/disposable-mx-build';
export { isDisposableDomain } from '../lists/disposable-domains';
export { isSharedMailInfrastructure } from '../lists/disposable-mail-hosts';
export type { VerificationConfig } from '../verification.config';
export { SILENT_VERIFICATION_OBSERVER } from '../verification-observer';
