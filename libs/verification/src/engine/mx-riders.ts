import { ProbeCall, routeStopped } from './probe-call';

/**
 * Interactive calls at each MX address of one route, whose addresses any interactive session there may
 * carry: when a session plans its next batch it takes its own call's addresses first, then those of the
 * calls waiting here, in arrival order, so RCPTs of concurrent calls share a session, a MAIL transaction
 * and a pipelined write instead of each call waiting for a session of its own. The domains need not be
 * the same: the route (its HELO name and MAIL FROM) and the MX address are. Nothing waits to gather
 * riders: a session takes what is queued when it plans a batch.
 */
export class MxRiders {
  private readonly calls = new Map<string, ProbeCall[]>();

  join(address: string, call: ProbeCall): void {
    const calls = this.calls.get(address);
    if (calls) calls.push(call);
    else this.calls.set(address, [call]);
  }

  leave(address: string, call: ProbeCall): void {
    const calls = this.calls.get(address);
    if (!calls) return;
    const at = calls.indexOf(call);
    if (at >= 0) calls.splice(at, 1);
    if (calls.length === 0) this.calls.delete(address);
  }

  /**
   * The calls besides `carrier` whose addresses may ride now, in arrival order: addresses left, still
   * within their deadline, not cancelled, and the route not refused to them.
   */
  *others(address: string, carrier: ProbeCall, now: number): Generator<ProbeCall> {
    for (const call of this.calls.get(address) ?? []) {
      if (call === carrier || call.queue.size === 0) continue;
      if (now >= call.deadline || call.control.signal?.aborted || routeStopped(call)) continue;
      yield call;
    }
  }
}
