/**
 * What a process adds to /ready beside its adapters' checks (the SMTP egress state, where it probes):
 * informational, never a reason to be unready. A port, so that the host knows no use case: the app's
 * wiring provides it through OpsModule.forRoot; without one, /ready answers the checks alone.
 */
export abstract class ReadinessNotes {
  /** Fields added to a ready answer's data after `status` and `checks`; cheap, and must not throw. */
  abstract notes(): Record<string, unknown>;
}
