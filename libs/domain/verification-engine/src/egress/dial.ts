import { connect, Socket } from 'node:net';
import { SmtpTransportError } from '../smtp/smtp-errors';

/**
 * Opens a TCP connection to an MX address and port, the one thing that differs between egress routes: a
 * direct connection (optionally from a chosen local address) or a tunnel through a SOCKS5 proxy. Failures
 * are SmtpTransportErrors, so the prober reads them as it reads any connection failure.
 */
export type Dial = (address: string, port: number, connectTimeoutMs: number) => Promise<Socket>;

/** A direct connection, from `localAddress` when the machine has several (mail servers judge the sending address). */
export function directDial(localAddress?: string): Dial {
  return (address, port, connectTimeoutMs) =>
    new Promise((resolve, reject) => {
      const socket = connect({ host: address, port, noDelay: true, ...(localAddress ? { localAddress } : {}) });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new SmtpTransportError('connect_timeout', `connect to ${address}:${port} timed out`));
      }, connectTimeoutMs);
      socket.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        const kind = error.code === 'ECONNREFUSED' ? 'connect_refused' : 'network_error';
        reject(new SmtpTransportError(kind, `${address}:${port}: ${error.code ?? error.message}`));
      });
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        resolve(socket);
      });
    });
}
