import { connect, Socket } from 'node:net';
import { postfixDefaults, reject, startSmtpPeer, SmtpPeer } from './smtp-peer';

/** The next chunk the socket receives, as text. */
const nextChunk = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('data', (data: Buffer) => resolve(data.toString())));

// RFC 2920 3.2: a server offering PIPELINING SHOULD send the replies to a group of MAIL/RCPT as a unit.
// Postfix does; a peer that wrote them one by one held every reply after the first behind Nagle until the
// client's delayed ACK, ~40 ms per group (seen in bench:probe), which no real MTA adds.
describe('defended SMTP peer and PIPELINING', () => {
  let peer: SmtpPeer;
  let socket: Socket;
  beforeAll(async () => {
    peer = await startSmtpPeer({ defences: postfixDefaults(), domains: { 'acme.test': { default: reject() } } });
  });
  afterAll(async () => {
    socket?.destroy();
    await peer.close();
  });

  it('answers a pipelined group of MAIL and RCPTs in one write, each reply in order', async () => {
    socket = connect({ host: '127.0.0.1', port: peer.port });
    expect(await nextChunk(socket)).toMatch(/^220 /);
    socket.write('EHLO client.test\r\n');
    expect(await nextChunk(socket)).toMatch(/PIPELINING/);
    for (let round = 0; round < 3; round++) {
      socket.write('MAIL FROM:<probe@client.test>\r\nRCPT TO:<a@acme.test>\r\nRCPT TO:<b@acme.test>\r\nRSET\r\n');
      const lines = (await nextChunk(socket)).trimEnd().split('\r\n');
      expect(lines.map((l) => l.slice(0, 3))).toEqual(['250', '550', '550', '250']);
    }
  });
});
