import { providerForHosts, providerForMx } from './provider-playbook';

describe('provider playbook', () => {
  it.each([
    ['gmail-smtp-in.l.google.com', 'google', false],
    ['aspmx.l.google.com.', 'google', false],
    ['alt1.aspmx.l.google.com', 'google', false],
    ['contoso-com.mail.protection.outlook.com', 'microsoft365', false],
    ['hotmail-com.olc.protection.outlook.com', 'outlook', false],
    ['mta5.am0.yahoodns.net', 'yahoo', false],
    ['mx-aol.mail.gm0.yahoodns.net', 'yahoo', false],
    ['mx01.mail.icloud.com', 'icloud', false],
    ['mx0a-00123401.pphosted.com', 'proofpoint', true],
    ['mx0b-0014ad01.ppe-hosted.com', 'proofpoint', true],
    ['eu-smtp-inbound-1.mimecast.com', 'mimecast', true],
    ['us-smtp-inbound-2.mimecast.com', 'mimecast', true],
    ['d123456a.ess.barracudanetworks.com', 'barracuda', true],
    ['mx.spamexperts.com', 'spamexperts', true],
    ['mx1.antispamcloud.com', 'spamexperts', true],
    ['mx1.hc1234-56.iphmx.com', 'cisco_ironport', true],
    ['cluster1.eu.messagelabs.com', 'symantec', true],
    ['in1-smtp.messagingengine.com', 'fastmail', false],
    ['mx.zoho.com', 'zoho', false],
    ['mx.yandex.net', 'yandex', false],
    ['mxs.mail.ru', 'mailru', false],
    ['mx00.ionos.com', 'gmx', false],
    ['mail.protonmail.ch', 'protonmail', false],
    ['smtp.secureserver.net', 'godaddy', false],
    ['mx1.emailsrvr.com', 'rackspace', false],
    ['acme-com.mail.eo.outlook.com', 'microsoft365', false],
    ['mail.acme.example', '', false],
  ])('classifies %s as %j (antiSpam %s)', (host, provider, antiSpam) => {
    const profile = providerForMx(host);
    expect(profile.provider).toBe(provider);
    expect(profile.antiSpam).toBe(antiSpam);
  });

  it('marks the accept-first systems that make a bare 250 meaningless', () => {
    expect(providerForMx('contoso-com.mail.protection.outlook.com').acceptsAllAtRcpt).toBe(true);
    expect(providerForMx('mta6.am0.yahoodns.net').acceptsAllAtRcpt).toBe(true);
    expect(providerForMx('us-smtp-inbound-1.mimecast.com').acceptsAllAtRcpt).toBe(true);
    expect(providerForMx('aspmx.l.google.com').acceptsAllAtRcpt).toBe(false);
  });

  it('reports a gateway anywhere in the MX list', () => {
    expect(providerForHosts(['mail.acme.example', 'mx0a-1.pphosted.com'])).toMatchObject({
      provider: 'proofpoint',
      antiSpam: true,
    });
  });
});
