// The public surface of net: which addresses are not on the public internet (SSRF guards in webhooks and the prober).
export { nonPublicReason } from './address-policy';
