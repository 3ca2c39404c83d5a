import { MxTarget } from './mx-target';
import { ProbeCall, routeStopped } from './probe-call';

/** A call waiting at an MX address, with the host name it reached that address by. */
export interface Rider {
  call: ProbeCall;
  target: MxTarget;
}

/**
 * Interactive calls at each MX address of one route, whose addresses any interactive session there may
 * carry: when a session plans its next batch it takes its own call's addresses first, then those of the
 * calls waiting here, in arrival order, so RCPTs of concurrent calls share a session, a MAIL transaction
 * and a pipelined write instead of each call waiting for a session of its own. The domains need not be
 * the same: the route (its HELO name and MAIL FROM) and the MX address are. Nothing waits to gather
 * riders: a session takes what is queued when it plans a batch.
 */
export class MxRiders {
  private readonly riders = new Map<string, Rider[]>();

  join(target: MxTarget, call: ProbeCall): void {
    const riders = this.riders.get(target.address);
    if (riders) riders.push({ call, target });
    else this.riders.set(target.address, [{ call, target }]);
  }

  leave(target: MxTarget, call: ProbeCall): void {
    const riders = this.riders.get(target.address);
    if (!riders) return;
    const at = riders.findIndex((rider) => rider.call === call);
    if (at >= 0) riders.splice(at, 1);
    if (riders.length === 0) this.riders.delete(target.address);
  }

  /**
   * The calls besides `carrier` whose addresses may ride now, in arrival order: addresses left, still
   * within their deadline, not cancelled, the route not refused to them, none given back by a session.
   */
  *others(address: string, carrier: ProbeCall, now: number): Generator<Rider> {
    for (const rider of this.riders.get(address) ?? []) {
      const { call } = rider;
      if (call === carrier || call.queue.size === 0 || call.grounded) continue;
      if (now >= call.deadline || call.control.signal?.aborted || routeStopped(call)) continue;
      yield rider;
    }
  }
}
