// The public surface of net: which addresses are not on the public internet (SSRF guards in webhooks and the
// prober), and which client an address counts as for the per-address throttles.
export { nonPublicReason } from './address-policy';
export { clientGroup } from './client-group';
