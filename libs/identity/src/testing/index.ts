// For tests only (production code never imports it: a layer rule refuses it): the user and
// email-claim streams, which the sign-up specs read to find what a registration recorded.
export { UserStreams } from '../shared/user-streams';
