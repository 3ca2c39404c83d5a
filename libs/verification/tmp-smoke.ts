import { startDnsPeer } from '../../test/peers/dns-peer';
import { startSmtpPeer, accept } from '../../test/peers/smtp-peer';
import { VerificationEngine, defaultVerificationConfig } from '../../libs/verification/src';
(async () => {
  const dns = await startDnsPeer({ 'acme.test': { mx: [{ exchange: 'mx1.acme.test', priority: 10 }] }, 'mx1.acme.test': { a: ['127.0.0.1'] }, 'nullmx.test': { mx: [{ exchange: '', priority: 0 }] } });
  const smtp = await startSmtpPeer({ domains: { 'acme.test': { recipients: { alice: accept() } } } });
  const engine = new VerificationEngine({ ...defaultVerificationConfig(), dnsServers: [dns.server], smtpPort: smtp.port, allowPrivateNetworks: true, greylistDelaysMs: [100] });
  console.log(await engine.verifyMany(['alice@acme.test', 'bob@acme.test', 'x@nullmx.test', 'y@nope.test', 'bad@@x']));
  console.log(smtp.stats);
  await engine.close(); await smtp.close(); await dns.close();
})();
