/** GET /health over TLS to a bank on 127.0.0.1, for the tests of connections that never handshake. */
import { connect as connectTls } from 'node:tls';

/** The answer's status, or the error's code (10 s at most). */
export function tlsHealth(port: number, ca: string): Promise<number | string> {
  return new Promise((resolve) => {
    const socket = connectTls({ host: '127.0.0.1', port, ca, servername: 'localhost' });
    let text = '';
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('secureConnect', () =>
      socket.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
    );
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
  });
}
