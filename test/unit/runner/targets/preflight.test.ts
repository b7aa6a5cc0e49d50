/** The pre-flight TCP connect probe: silent (dropped packets) versus answered (connected, refused). */
import { createServer, Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { endpointOf, probeConnect } from '../../../../main/core/runner/targets/preflight';

describe('probeConnect', () => {
  it('is silent when no connection and no refusal comes within the timeout', async () => {
    // A socket that is never connected emits nothing: what a host that drops packets looks like.
    const probe = await probeConnect('https://bank.example:8443', {
      timeoutMs: 50,
      connect: () => new Socket(),
    });
    expect(probe).toEqual({
      silent: true,
      detail: expect.stringMatching(/^no TCP connection to bank\.example:8443 within 0\.05 s/),
    });
  });

  it('answers when something listens, and when the port is refused', async () => {
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const { port } = server.address() as { port: number };
    expect(await probeConnect(`http://127.0.0.1:${port}`, { timeoutMs: 5000 })).toEqual({
      silent: false,
      detail: `connected to 127.0.0.1:${port}`,
    });
    await new Promise((ok) => server.close(ok));
    const refused = await probeConnect(`http://127.0.0.1:${port}`, { timeoutMs: 5000 });
    expect(refused).toEqual({ silent: false, detail: `127.0.0.1:${port}: ECONNREFUSED` });
  });

  it('knows the default ports and IPv6 literals', () => {
    expect(endpointOf('https://bank.example')).toEqual({ host: 'bank.example', port: 443 });
    expect(endpointOf('http://bank.example/psd2')).toEqual({ host: 'bank.example', port: 80 });
    expect(endpointOf('http://[::1]:9000')).toEqual({ host: '::1', port: 9000 });
  });
});
