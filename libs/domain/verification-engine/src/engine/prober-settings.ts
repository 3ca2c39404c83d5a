/** How the prober treats every MX: the SMTP port, which addresses it may dial, and the limits it keeps to. */
export interface ProberSettings {
  port: number;
  allowPrivateNetworks: boolean;
  maxRcptsPerSession: number;
  backoffMs: number;
  /** First pause before reconnecting after a 421; doubles for each further one. */
  reconnectBackoffMs: number;
  /** A reply this slow (and TARPIT_FACTOR times the session's median) marks the session as tarpitted. */
  tarpitFloorMs: number;
  /**
   * With egress routes configured (another route can take over): a RCPT refused by reputation (ip_blocked)
   * ends the session and the call on this route, the addresses left going to another route; and on an MX
   * address a route has had no answer from yet, one session goes first and the others follow its first
   * answer, so a route the MX refuses costs one session there, not a ceiling's worth. Off with the single
   * implicit route, where every address keeps its own reply, as before routes.
   */
  failover?: boolean;
}
