import { deciderSpec } from '@lib/common/testing';
import { formatInvoiceNumber, InvoiceIssued, invoiceSequenceDecider } from './invoice-sequence';

const at = '2025-01-01T00:00:00.000Z';
const issued = (number: number, orderId: string): InvoiceIssued => ({
  type: 'InvoiceIssued',
  data: { orderId, invoiceNumber: formatInvoiceNumber(number), number, issuedAt: at },
});

const given = deciderSpec(invoiceSequenceDecider);

describe('invoice sequence', () => {
  it('numbers the first invoice 1', () => {
    given([])
      .when({ type: 'IssueInvoice', orderId: '7', at })
      .then([issued(1, '7')]);
  });

  it('numbers each invoice one after the last, with no gap', () => {
    given([issued(1, '7'), issued(2, '8')])
      .when({ type: 'IssueInvoice', orderId: '9', at })
      .then([issued(3, '9')]);
  });

  it('needs only the latest event: the state is its number', () => {
    expect(given([issued(41, '7')]).state).toEqual({ last: 41 });
    given([issued(41, '7')])
      .when({ type: 'IssueInvoice', orderId: '8', at })
      .then([issued(42, '8')]);
  });

  it('formats the number as INV- and six digits', () => {
    expect(formatInvoiceNumber(1)).toBe('INV-000001');
    expect(formatInvoiceNumber(123456)).toBe('INV-123456');
  });
});
