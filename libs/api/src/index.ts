export { ApiModule } from './api.module';
export { OpsModule } from './ops.module';
export { createApiApp } from './create-api-app';
export { announceDemoAccount, ensureDemoAccount } from './provisioning/demo-account';
