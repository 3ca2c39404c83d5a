/**
 * What the MX host tells about the mailbox provider. `acceptsAllAtRcpt` marks systems
 * known to answer 250 to RCPT for addresses that later bounce (security gateways that
 * accept first and filter later, Yahoo, Microsoft 365 tenants without directory-based
 * edge blocking): a 250 from them proves nothing without a rejected random address.
 */
export interface ProviderProfile {
  provider: string;
  antiSpam: boolean;
  acceptsAllAtRcpt: boolean;
}

interface Rule extends ProviderProfile {
  suffixes: string[];
}

const RULES: Rule[] = [
  {
    provider: 'google',
    antiSpam: false,
    acceptsAllAtRcpt: false,
    suffixes: ['google.com', 'googlemail.com', 'aspmx.l.google.com', 'smtp.goog'],
  },
  {
    provider: 'outlook',
    antiSpam: false,
    acceptsAllAtRcpt: false,
    suffixes: ['olc.protection.outlook.com', 'hotmail.com', 'outlook.com'],
  },
  {
    provider: 'microsoft365',
    antiSpam: false,
    acceptsAllAtRcpt: true,
    suffixes: [
      'mail.protection.outlook.com',
      'protection.outlook.com',
      'mail.eo.outlook.com',
      'mx.microsoft',
      'outlook.cn',
    ],
  },
  {
    provider: 'yahoo',
    antiSpam: false,
    acceptsAllAtRcpt: true,
    suffixes: ['yahoodns.net', 'yahoo.com', 'aol.com', 'mx.aol.com'],
  },
  {
    provider: 'icloud',
    antiSpam: false,
    acceptsAllAtRcpt: false,
    suffixes: ['mail.icloud.com', 'icloud.com', 'me.com'],
  },
  {
    provider: 'zoho',
    antiSpam: false,
    acceptsAllAtRcpt: false,
    suffixes: ['zoho.com', 'zoho.eu', 'zoho.in', 'zohomail.com'],
  },
  { provider: 'yandex', antiSpam: false, acceptsAllAtRcpt: false, suffixes: ['yandex.net', 'yandex.ru'] },
  { provider: 'mailru', antiSpam: false, acceptsAllAtRcpt: false, suffixes: ['mail.ru'] },
  {
    provider: 'gmx',
    antiSpam: false,
    acceptsAllAtRcpt: false,
    suffixes: ['gmx.net', 'gmx.com', 'web.de', 'kundenserver.de', 'ionos.com'],
  },
  { provider: 'fastmail', antiSpam: false, acceptsAllAtRcpt: false, suffixes: ['messagingengine.com', 'fastmail.com'] },
  { provider: 'protonmail', antiSpam: false, acceptsAllAtRcpt: false, suffixes: ['protonmail.ch', 'proton.me'] },
  { provider: 'amazon_workmail', antiSpam: false, acceptsAllAtRcpt: false, suffixes: ['amazonaws.com', 'awsapps.com'] },
  { provider: 'godaddy', antiSpam: false, acceptsAllAtRcpt: true, suffixes: ['secureserver.net'] },
  { provider: 'rackspace', antiSpam: false, acceptsAllAtRcpt: false, suffixes: ['emailsrvr.com'] },
  {
    provider: 'proofpoint',
    antiSpam: true,
    acceptsAllAtRcpt: true,
    suffixes: ['pphosted.com', 'ppe-hosted.com', 'ppops.net'],
  },
  {
    provider: 'mimecast',
    antiSpam: true,
    acceptsAllAtRcpt: true,
    suffixes: ['mimecast.com', 'mimecast.co.za', 'mimecast-offshore.com'],
  },
  {
    provider: 'barracuda',
    antiSpam: true,
    acceptsAllAtRcpt: true,
    suffixes: ['barracudanetworks.com', 'ess.barracudanetworks.com', 'cudamail.com'],
  },
  {
    provider: 'spamexperts',
    antiSpam: true,
    acceptsAllAtRcpt: true,
    suffixes: ['antispamcloud.com', 'spamexperts.com', 'spamexperts.net', 'spamexperts.eu'],
  },
  { provider: 'cisco_ironport', antiSpam: true, acceptsAllAtRcpt: true, suffixes: ['iphmx.com'] },
  {
    provider: 'trend_micro',
    antiSpam: true,
    acceptsAllAtRcpt: true,
    suffixes: ['tmes.trendmicro.com', 'tmes.trendmicro.eu', 'in.tmes.trendmicro.com'],
  },
  { provider: 'sophos', antiSpam: true, acceptsAllAtRcpt: true, suffixes: ['hydra.sophos.com', 'sophos.com'] },
  { provider: 'symantec', antiSpam: true, acceptsAllAtRcpt: true, suffixes: ['messagelabs.com'] },
  { provider: 'forcepoint', antiSpam: true, acceptsAllAtRcpt: true, suffixes: ['mailcontrol.com'] },
  { provider: 'trustwave', antiSpam: true, acceptsAllAtRcpt: true, suffixes: ['trustwave.com', 'mxlogic.net'] },
  { provider: 'hornetsecurity', antiSpam: true, acceptsAllAtRcpt: true, suffixes: ['hornetsecurity.com'] },
  { provider: 'fortimail', antiSpam: true, acceptsAllAtRcpt: true, suffixes: ['fortimailcloud.com'] },
];

const UNKNOWN: ProviderProfile = { provider: '', antiSpam: false, acceptsAllAtRcpt: false };

/** Profile of the first MX host that matches a rule, by longest suffix (so M365 wins over outlook.com). */
export function providerForMx(mxHost: string): ProviderProfile {
  const host = mxHost.toLowerCase().replace(/\.$/, '');
  let best: { rule: Rule; length: number } | null = null;
  for (const rule of RULES) {
    for (const suffix of rule.suffixes) {
      if ((host === suffix || host.endsWith(`.${suffix}`)) && (!best || suffix.length > best.length))
        best = { rule, length: suffix.length };
    }
  }
  if (!best) return UNKNOWN;
  const { provider, antiSpam, acceptsAllAtRcpt } = best.rule;
  return { provider, antiSpam, acceptsAllAtRcpt };
}

/** The domain's profile: a gateway anywhere in the MX list marks it antiSpam; the provider comes from the best MX. */
export function providerForHosts(mxHosts: string[]): ProviderProfile {
  const profiles = mxHosts.map(providerForMx);
  const first = profiles.find((p) => p.provider) ?? UNKNOWN;
  const gateway = profiles.find((p) => p.antiSpam);
  return gateway ? { ...gateway } : first;
}
