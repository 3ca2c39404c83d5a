// For tests only (production code never imports it: a layer rule refuses it): the roles started in this
// process on a port the spec picks, as the e2e suite's test app runs them.
export { startRoles, type RunningApp } from '../start-roles';
