import { Injectable, Optional } from '@nestjs/common';
import { ReadinessNotes } from '@lib/http-host';
import { VerificationEngine } from '@lib/verification-engine';

/**
 * /ready's informational SMTP egress state, in a process that probes (api, worker): port 25 through the
 * first route and each route's state. A blocked port 25 does not make the process unready (a probe
 * answers port_25_blocked honestly).
 */
@Injectable()
export class EgressReadiness extends ReadinessNotes {
  // Absent in a process that does not probe (a projector alone).
  constructor(@Optional() private readonly engine?: VerificationEngine) {
    super();
  }

  notes(): Record<string, unknown> {
    const smtpEgress = this.engine?.egress.status;
    return smtpEgress ? { smtpEgress, egressRoutes: this.engine?.egressReport() } : {};
  }
}
