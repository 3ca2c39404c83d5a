export { ApiModule } from './api.module';
export { announceDemoAccount, ensureDemoAccount } from './provisioning/demo-account';
