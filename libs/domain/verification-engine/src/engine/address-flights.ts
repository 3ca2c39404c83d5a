import { DomainFindings } from './domain-findings';

/** What verifying one address came to: its domain's findings, the retry hint, and the address probed. */
export interface Flight {
  findings: DomainFindings;
  retryAfterMs?: number;
  /** The normalized address whose RCPT answers for every address of the same canonical form. */
  probedAs: string;
}

/** Lands the flights a call started: each with what verifying its address came to, or null after a defect. */
export type Landing = (flightOf: (canonical: string) => Flight | null) => void;

/**
 * Interactive verifications under way, per canonical address: a call for an address that another call
 * is verifying right now waits for that verification instead of probing the address again, and builds
 * its own verdict from it (each call is still answered, and charged, on its own).
 */
export class AddressFlights {
  private readonly inFlight = new Map<string, Promise<Flight | null>>();

  /** The verification of `canonical` under way, if any. */
  joined(canonical: string): Promise<Flight | null> | undefined {
    return this.inFlight.get(canonical);
  }

  /** Starts a flight per canonical address; the caller lands them all once its verification ends. */
  depart(canonicals: readonly string[]): Landing {
    const resolvers = new Map<string, (flight: Flight | null) => void>();
    for (const canonical of canonicals) {
      if (this.inFlight.has(canonical)) continue;
      this.inFlight.set(canonical, new Promise((resolve) => resolvers.set(canonical, resolve)));
    }
    return (flightOf) => {
      for (const [canonical, resolve] of resolvers) {
        this.inFlight.delete(canonical);
        resolve(flightOf(canonical));
      }
    };
  }
}
