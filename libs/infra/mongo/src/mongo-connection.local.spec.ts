import { createServer, type AddressInfo } from 'node:net';
import { MongoConnection } from './mongo-connection';

// A loopback port with nothing listening: the driver keeps retrying server selection, the ping must not.
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('mongo connection', () => {
  describe('when no server answers', () => {
    it('pings false within the ping timeout', async () => {
      const mongo = new MongoConnection({
        url: `mongodb://127.0.0.1:${await closedPort()}/?directConnection=true`,
        dbName: 'x',
        pingTimeoutMs: 200,
      });
      const started = Date.now();
      try {
        await expect(mongo.ping()).resolves.toBe(false);
        expect(Date.now() - started).toBeLessThan(2_000);
      } finally {
        await mongo.close();
      }
    });
  });
});
