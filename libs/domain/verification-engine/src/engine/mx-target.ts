import { providerForMx } from '../providers/provider-playbook';
import { ProbeOutcome } from './probe-outcome';

/** One address of an MX host: what sessions connect to. */
export interface MxTarget {
  host: string;
  address: string;
}

/** The host and address a reply came from: the evidence kept with the verdict. */
export const spokenTo = (target: MxTarget): Pick<ProbeOutcome, 'mxHost' | 'mxAddress'> => ({
  mxHost: target.host,
  mxAddress: target.address,
});

/** The playbook's name for an MX host, as the observer hears it ('' when no rule matches). */
export const providerOf = (mxHost: string | undefined): string => (mxHost ? providerForMx(mxHost).provider : '');
