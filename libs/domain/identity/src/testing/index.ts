// For tests only (production code never imports it: a layer rule refuses it): the user and
// email-claim streams, which the sign-up specs read to find what a registration recorded, and the
// password hasher, whose calls the throttling specs count (the hash must follow the cheap checks).
export { UserStreams } from '../shared/user-streams';
export { PasswordHasher } from '../passwords/password-hasher';
