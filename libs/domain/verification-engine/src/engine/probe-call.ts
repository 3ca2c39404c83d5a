import { ProbeLane } from '../smtp/probe-lane';
import { AddressQueue } from './address-queue';
import type { MxTarget } from './mx-target';
import { ProbeControl, ProbeOutcome } from './probe-outcome';

/** One probe call, shared by every session working its addresses (its own, and other calls' it rides). */
export interface ProbeCall {
  queue: AddressQueue;
  outcomes: Map<string, ProbeOutcome>;
  deadline: number;
  control: ProbeControl;
  lane: ProbeLane;
  /** Set when a session found the route refused (ROUTE_FAILURES): the call's other sessions stop, the rest get it. */
  stopped: ProbeOutcome | null;
  /** Resolves at the call's first RCPT answer that does not refuse the route (see ProberSettings.failover). */
  answered: Promise<void>;
  heard(): void;
  /** Addresses of this call sent on another call's session and not answered or given back yet (see MxRiders). */
  riding: number;
  /** Another call's session gave some back (a 421, a lost connection): the call asks the rest on its own sessions. */
  grounded: boolean;
  /** Resolves when another call's session answered or gave back some of this call's addresses. */
  woken(): Promise<void>;
  wake(): void;
}

/**
 * One RCPT of a session's batch: the address, the call it answers to, and the MX host name that call
 * looked up (domains sharing an MX address may name it differently: the evidence keeps each one's).
 */
export interface Rcpt {
  address: string;
  call: ProbeCall;
  target: MxTarget;
}

export function createProbeCall(
  addresses: readonly string[],
  deadline: number,
  control: ProbeControl,
  lane: ProbeLane,
): ProbeCall {
  let heard!: () => void;
  const answered = new Promise<void>((resolve) => (heard = resolve));
  let waiters: Array<() => void> = [];
  return {
    queue: new AddressQueue(addresses),
    outcomes: new Map(),
    deadline,
    control,
    lane,
    stopped: null,
    answered,
    heard,
    riding: 0,
    grounded: false,
    woken: () => new Promise<void>((resolve) => waiters.push(resolve)),
    wake: () => {
      const woken = waiters;
      waiters = [];
      for (const resolve of woken) resolve();
    },
  };
}

/** Why the call must send nothing more on this route: its own sessions found it refused, or another call did. */
export function routeStopped(call: ProbeCall): ProbeOutcome | null {
  call.stopped ??= call.control.routeOut?.() ?? null;
  return call.stopped;
}

/** The answer for one RCPT, kept with the call it belongs to; a rider is woken to collect it. */
export function answerRcpt(rcpt: Rcpt, outcome: ProbeOutcome, carrier: ProbeCall): void {
  rcpt.call.outcomes.set(rcpt.address, outcome);
  if (rcpt.call === carrier) return;
  rcpt.call.riding--;
  rcpt.call.wake();
}

/**
 * RCPTs a session took and got no answer for, back to the front of each one's own call's queue, in order:
 * the call's own sessions ask them next (a rider's loop is woken for it, and rides no more), as if they
 * had never left: what ended the carrier's session is not carried into a third call's.
 */
export function giveBackRcpts(rcpts: readonly Rcpt[], carrier: ProbeCall): void {
  const byCall = new Map<ProbeCall, string[]>();
  for (const { address, call } of rcpts) byCall.set(call, [...(byCall.get(call) ?? []), address]);
  for (const [call, addresses] of byCall) {
    call.queue.giveBack(addresses);
    if (call === carrier) continue;
    call.riding -= addresses.length;
    call.grounded = true;
    call.wake();
  }
}
