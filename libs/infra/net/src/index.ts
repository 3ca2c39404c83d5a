// The public surface of net: which addresses are not on the public internet (SSRF guards in webhooks and the
// prober), which client an address counts as for the per-address throttles, and the API keys' address allowlists.
export { nonPublicReason } from './address-policy';
export { clientGroup } from './client-group';
export { addressInBlocks, parseAddressBlock } from './address-allowlist';
