import { Decider } from '@lib/common';

/**
 * Invoice numbers: one stream in which every completed order appends one event, so the number is the
 * event's revision + 1. The expected-revision check makes two numbers never equal, and only
 * orders that completed append, so the sequence has no gaps.
 */
export const INVOICE_SEQUENCE_STREAM = 'invoice-sequence';

export type InvoiceIssued = {
  type: 'InvoiceIssued';
  data: { orderId: string; invoiceNumber: string; number: number; issuedAt: string };
};
export type IssueInvoice = { type: 'IssueInvoice'; orderId: string; at: string };
type SequenceState = { last: number };

export const formatInvoiceNumber = (n: number): string => `INV-${String(n).padStart(6, '0')}`;

export const invoiceSequenceDecider: Decider<IssueInvoice, InvoiceIssued, SequenceState> = {
  initialState: { last: 0 },
  decide(command, state) {
    const number = state.last + 1;
    return [
      {
        type: 'InvoiceIssued',
        data: { orderId: command.orderId, invoiceNumber: formatInvoiceNumber(number), number, issuedAt: command.at },
      },
    ];
  },
  // Loaded with load: 'last', so the state is the latest event's number alone.
  evolve: (_state, event) => ({ last: event.data.number }),
};
