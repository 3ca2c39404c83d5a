export { main, startRoles, type RunningApp } from './start-roles';
export { RootModule } from './root.module';
export { PersonalDataPoliciesModule } from './personal-data-policies.module';
export { ProjectorModule } from './projector/projector.module';
