/**
 * A run checks its own identity before the first check: with a QSealC past its notAfter (or a key
 * that is not its certificate's) every request would be refused and the run would read as the
 * bank failing. `workbench run` refuses instead, before it sends anything, with one line of cause
 * and one of remedy and the exit code of the other setup refusals (2), and writes no report.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueQsealc } from '../../../main/core/certs/index.js';
import { runCli } from '../../../main/hosts/cli/index.js';
import { captureCliIo } from '../../support/cli-capture.js';
import {
  issueTpp,
  keyPem,
  profileFor,
  tppOptions,
  writeProfile,
  writeTppFiles,
  type TppFiles,
} from '../../unit/runner/doctor/fixtures.js';

const DAY = 24 * 60 * 60 * 1000;
let tpp: TppFiles;
let server: Server;
let url: string;
/** Every request the "bank" got: a refused run sends none. */
let requests = 0;

beforeAll(async () => {
  tpp = writeTppFiles(await issueTpp());
  const expired = await issueQsealc(
    tppOptions(tpp.ca, ['PSP_AI', 'PSP_PI'], {
      notBefore: new Date(Date.now() - 400 * DAY),
      notAfter: new Date(Date.now() - 10 * DAY),
    }),
  );
  writeFileSync(join(tpp.dir, 'expired.pem'), expired.certificatePem);
  writeFileSync(join(tpp.dir, 'expired.key.pem'), keyPem(expired));
  server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(400, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => new Promise((done) => server.close(done)));

async function run(signing: { certificate: string; key: string }, out: string) {
  const file = writeProfile(
    tpp.dir,
    profileFor(url, (p) => {
      p.signing = signing;
      delete p.tls;
    }),
    `${out}.json`,
  );
  const io = captureCliIo(() => new Promise(() => undefined));
  const reports = join(tpp.dir, out);
  const code = await runCli(
    ['run', '--target-file', file, '--suite', 'consent', '--reporter', 'json', '--out', reports],
    io,
  );
  return { code, io, reports };
}

describe('workbench run: its own identity first', () => {
  it('refuses an expired QSealC before the first check: cause, remedy, exit 2, nothing sent', async () => {
    requests = 0;
    const { code, io, reports } = await run(
      { certificate: 'expired.pem', key: 'expired.key.pem' },
      'expired',
    );
    expect(code).toBe(2);
    expect(io.stderr).toHaveLength(2);
    expect(io.stderr[0]).toMatch(
      /^workbench run: the run's own identity cannot be used.*the QSealC \(.*expired\.json \/signing\) expired at \S+ \(notAfter\)$/,
    );
    expect(io.stderr[1]).toMatch(/^workbench run: fix: renew the certificate/);
    expect(io.stdout).toEqual([]);
    expect(requests).toBe(0);
    expect(existsSync(join(reports, 'run-result.json'))).toBe(false);
  });

  it("refuses a QSealC given with another certificate's key, naming the field to fix", async () => {
    requests = 0;
    const { code, io } = await run({ certificate: 'qsealc.pem', key: 'qwac.key.pem' }, 'mixed');
    expect(code).toBe(2);
    expect(io.stderr[0]).toMatch(/the key given with it is not the certificate's$/);
    expect(io.stderr[1]).toContain("give the QSealC's own key at /signing/key");
    expect(requests).toBe(0);
  });
});
