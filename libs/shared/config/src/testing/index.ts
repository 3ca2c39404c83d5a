// For tests only (production code never imports it: a layer rule refuses it): the reference and the declared
// variables the configuration-docs spec compares, the default probe settings the engine specs build an engine
// with, and the routes parser the egress specs read their route files through.
export { CONFIG_REFERENCE } from '../config-reference';
export { declaredConfigVariables } from '../load-config';
export { defaultProbeConfig } from '../slices/probe';
export { readEgressRoutes } from '../egress-routes';
