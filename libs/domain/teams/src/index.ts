// The public surface of teams: opening an account (its module and the service every entry opens one with).
export { AccountOpeningModule } from './account-opening.module';
export { AccountOpening, type OpenedWithKey } from './open-account/account-opening';
