/**
 * The headless PSU agent's network failures name the bank page's origin and the cause, as the TPP
 * client's do, instead of undici's bare "TypeError: fetch failed": a check that could not reach
 * the SCA pages says which host refused it.
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runPsuAgent } from '../../../../main/core/tpp/psu-agent/agent';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  await new Promise((ok) => server.close(ok));
  return port;
}

describe('the PSU agent on a bank that does not answer', () => {
  it('throws a TransportError naming the origin and ECONNREFUSED', async () => {
    const port = await closedPort();
    const error = await runPsuAgent(`http://127.0.0.1:${port}/sca/consents/abc`, {
      nationalIdentityNumber: '01010112345',
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'TransportError', code: 'ECONNREFUSED' });
    expect((error as Error).message).toBe(
      `nothing is listening at http://127.0.0.1:${port} (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:${port})`,
    );
  });
});
