import { accept, DomainScript, greylist } from '../../support/peers/smtp-peer';

// The data of the dashboard story (dashboard-ui.browser.int.spec.ts): its people, its prices and its list.
// The spec's figures (1,200 deliverable, 1,950 charged, 5,600 bought) follow from these.

export const PASSWORD = 'correct horse battery staple';
export const TRIAL = 100;
/** The default catalogue's Growth package (5,000 credits, $40) with its 10 % launch bonus. */
export const GROWTH_WITH_OFFER = 5500;
export const BOUGHT = TRIAL + GROWTH_WITH_OFFER;
export const OWNER = { name: 'Ada Owner', email: 'ada@owner.example', company: 'Engines Ltd' };
export const MEMBER = { name: 'Grace Member', email: 'grace@member.example' };

// 2,000 rows: 1,200 deliverable, 300 at a catch-all domain, 450 rejected, 50 repeats of deliverable addresses.
const ROWS = 2000;
export function listCsv(): string {
  const lines = ['id,name,email,company'];
  for (let i = 0; i < ROWS; i++) {
    const email =
      i < 1200
        ? `p${i}@shop.test`
        : i < 1500
          ? `c${i}@beta.test`
          : i < 1950
            ? `x${i}@shop.test`
            : `p${i - 1950}@shop.test`;
    lines.push(`${i},Person ${i},${email},"Shop, Inc."`);
  }
  return lines.join('\n') + '\n';
}

/** What the SMTP peer answers per domain: the list's rows, the finder's two people and a stuck domain. */
export const DOMAINS: Record<string, DomainScript> = {
  'shop.test': {
    recipients: {
      ...Object.fromEntries(Array.from({ length: 1200 }, (_, i) => [`p${i}`, accept()])),
      'grace.hopper': accept(),
      'alan.turing': accept(),
    },
  },
  'beta.test': { default: accept() },
  // Greylists every attempt: a list of it has verified no row when it is cancelled.
  'grey.test': { default: greylist(1_000) },
};
