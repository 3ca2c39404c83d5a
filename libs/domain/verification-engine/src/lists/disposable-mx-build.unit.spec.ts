import { curatedHosts, hostsFromObservations, observationsFromCsv, parseCsv } from './disposable-mx-build';

const listed = new Set(['mailinator.com', 'tempbox.example', 'mailer.example']);
const rules = {
  isListed: (d: string) => [...listed].some((l) => d === l || d.endsWith(`.${l}`)),
  isShared: (h: string) => h.endsWith('.hosting.example') || h.endsWith('.google.com'),
};

describe('building the throwaway MX table', () => {
  it('reads quoted CSV fields, doubled quotes and commas inside quotes', () => {
    expect(parseCsv('"a","b ""c""","d,e"\r\n\n1,2,3')).toEqual([
      ['a', 'b "c"', 'd,e'],
      ['1', '2', '3'],
    ]);
  });

  it('maps the observation columns by name and refuses a file without them', () => {
    const csv = '"id","domain","mx","ip"\n"1","tempbox.example","MX.TempBox.example.","45.33.83.1"';
    expect(observationsFromCsv(csv)).toEqual([
      { domain: 'tempbox.example', mx: 'MX.TempBox.example.', address: '45.33.83.1' },
    ]);
    expect(() => observationsFromCsv('"domain","host"\n"a","b"')).toThrow(/"mx"/);
  });

  it('keeps hosts under listed domains with their addresses, drops shared ones and addresses they share', () => {
    // 45.33.83.x: public addresses (documentation ranges are not public, so they would be dropped).
    const table = hostsFromObservations(
      [
        { domain: 'tempbox.example', mx: 'MX.TempBox.example.', address: '45.33.83.1' },
        { domain: 'other-burner.example', mx: 'mail.mailinator.com', address: '45.33.83.2' },
        { domain: 'other-burner.example', mx: 'mail.mailinator.com', address: '45.33.83.9' },
        // A hosting company serving throwaway domains next to real customers: never kept, however many.
        { domain: 'tempbox.example', mx: 'mx1.hosting.example', address: '45.33.83.3' },
        { domain: 'mailer.example', mx: 'mx1.hosting.example', address: '45.33.83.9' },
        // An unlisted host that serves only throwaway domains is still no proof.
        { domain: 'tempbox.example', mx: 'mx.unlisted-relay.example', address: '45.33.83.4' },
        { domain: 'x', mx: 'localhost', address: '127.0.0.1' },
        // A blackhole answer on a listed host: a loopback or private address never enters the table.
        { domain: 'tempbox.example', mx: 'mx2.tempbox.example', address: '127.0.0.2' },
        { domain: 'tempbox.example', mx: 'mx2.tempbox.example', address: '192.168.255.255' },
      ],
      rules,
    );
    expect(table).toEqual({
      hosts: ['mail.mailinator.com', 'mx.tempbox.example', 'mx2.tempbox.example'],
      addresses: ['45.33.83.1', '45.33.83.2'],
    });
  });

  it('filters curated hosts through the same shared-infrastructure rule', () => {
    expect(curatedHosts(['mx2.den.yt', 'MX2.den.yt.', 'aspmx.l.google.com', 'localhost.'], rules)).toEqual([
      'mx2.den.yt',
    ]);
  });
});
