export { main } from './start-roles';
export { RootModule } from './root.module';
export { PersonalDataPoliciesModule } from './personal-data-policies.module';
export { ProjectorModule } from './projector/projector.module';
