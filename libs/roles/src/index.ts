export { main, startRoles, type RunningApp } from './start-roles';
