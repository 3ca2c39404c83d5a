/** @jest-environment jsdom */
import { ApiError } from '../api/client';
import { Package } from '../api/dashboard';
import { checkKeyLabel, checkWebhookUrl } from '../lib/form-checks';
import { click, render } from '../testing/render';
import { ErrorAlert } from './Alert';
import { Field } from './Field';
import { PurchaseConfirm } from './PurchaseConfirm';

const growth: Package = {
  id: 2,
  name: 'Growth',
  credits: 5000,
  bonusCredits: 0,
  priceUsd: 40,
  unitPriceUsd: 0.008,
  currency: 'USD',
  offer: { promotionId: 1, totalCreditsAdded: 5500, finalAmountUsd: 40, pricePerCreditUsd: 0.007273 },
};
const launch = {
  id: 1,
  name: 'Launch offer',
  description: '',
  bonusPercent: 10,
  discountPercent: 0,
  packageIds: [2],
  startsAt: null,
  endsAt: null,
};

describe('buying credits', () => {
  it('finding 7: asks for confirmation with the credits, the real price per credit and the total before paying', () => {
    const paid: string[] = [];
    const { container, unmount } = render(
      <PurchaseConfirm
        pkg={growth}
        promotion={launch}
        busy={false}
        onConfirm={() => paid.push('paid')}
        onCancel={() => paid.push('back')}
      />,
    );
    const summary = container.querySelector('.summary')!.textContent!;
    expect(summary).toContain('5,500 (5,000 + 500 bonus from Launch offer)');
    expect(summary).toContain('$0.0073');
    expect(container.querySelector('[data-testid="purchase-total"]')!.textContent).toBe('$40.00');
    expect(document.activeElement?.id).toBe('confirm-title');
    const [pay, back] = [...container.querySelectorAll('button')];
    expect(pay.textContent).toBe('Pay $40.00');
    click(back);
    click(pay);
    expect(paid).toEqual(['back', 'paid']);
    unmount();
  });
});

describe('form messages', () => {
  it('finding 8: checks the form first and says what is wrong in a plain sentence next to the field', () => {
    expect(checkKeyLabel('  ')).toMatch(/^Give the key a name/);
    expect(checkKeyLabel('CRM sync')).toBeNull();
    expect(checkWebhookUrl('http://example.com/hook')).toBe(
      'The address must start with https:// so the events travel encrypted.',
    );
    expect(checkWebhookUrl('example.com')).toMatch(/^Enter a full web address/);
    expect(checkWebhookUrl('https://user:pw@example.com/')).toMatch(/user name and password/);
    expect(checkWebhookUrl('https://example.com/hook')).toBeNull();
    const { container, unmount } = render(<Field label="Label" error="Give the key a name." value="" readOnly />);
    const input = container.querySelector('input')!;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe('Give the key a name.');
    unmount();
  });

  it('finding 8: shows a server refusal in plain words, with its message and code behind a Details toggle', () => {
    const error = new ApiError(
      400,
      1006,
      'label: must not be blank; label: must be longer than or equal to 1 characters',
    );
    const { container, unmount } = render(<ErrorAlert error={error} />);
    const alert = container.querySelector('[role="alert"]')!;
    expect(alert.querySelector('p')!.textContent).toBe('The label is required.');
    const details = alert.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')!.textContent).toBe('Details');
    expect(details.querySelector('code')!.textContent).toContain('(code 1006)');
    unmount();
  });
});
