/**
 * A TCP port on 127.0.0.1 that nothing listens on right now: for a server a test starts with a
 * fixed port, so that two test runs side by side on one machine never take the same one.
 */
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
