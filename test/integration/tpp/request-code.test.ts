/**
 * The generated programs do what they say: a request the workbench signed and sent, generated as
 * a Node program, run with `node` against a listening sandbox bank, signs afresh (§5.2) and is
 * answered as the workbench's own request was; the same program with a key that does not belong
 * to the certificate gets the bank's signature refusal; over mTLS it presents the QWAC through
 * undici's Agent, without which the bank's handshake refuses it. The Java program is run the same
 * way where a JDK is installed; CI installs none, so there its text is checked by the unit tests
 * (test/unit/shared/request-code/java-http-client.test.ts).
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { javaHttpClientProgram } from '../../../main/shared/request-code/java-http-client';
import { nodeFetchProgram } from '../../../main/shared/request-code/node-fetch';
import type { ExchangeRequest } from '../../../main/shared/exchange';
import { redactedExchange } from '../../../main/core/tpp/redact-secrets';
import {
  bankTlsServerOptions,
  generateServerTls,
  type BankListener,
} from '../../../main/core/bank/index';
import { exportPkcs12 } from '../../../main/core/certs/import-export';
import { TEST_KEY_PROTECTION_COST } from '../../support/key-protection-cost';
import { issueQwac } from '../../../main/core/certs/issue';
import { ORGANIZATION_ID } from '../../unit/bank/fixtures';
import { NORDLYS, NORDLYS_ACCOUNT, KARI } from '../sandbox/bodies';
import { startSandbox, type Sandbox } from '../sandbox/harness';

const run = promisify(execFile);
let sandbox: Sandbox;
let dir: string;
let sent: ExchangeRequest;
const REDIRECT = 'https://tpp.example/after-sca';

const pem = (key: { export(o: object): string | Buffer }): string =>
  String(key.export({ type: 'pkcs8', format: 'pem' }));

beforeAll(async () => {
  sandbox = await startSandbox();
  dir = mkdtempSync(join(tmpdir(), 'request-code-'));
  // The Node program imports undici only for https; the link keeps every program runnable here.
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  writeFileSync(join(dir, 'qsealc.pem'), sandbox.pki.seal.certificatePem);
  writeFileSync(join(dir, 'qsealc.key.pem'), pem(sandbox.pki.seal.privateKey));
  writeFileSync(join(dir, 'other.key.pem'), pem(sandbox.pki.ca.root.privateKey));
  const exchange = await sandbox.client.send({
    method: 'POST',
    path: `/v1/sandbox/agreements/${NORDLYS.agreementId}/engagements`,
    body: {
      customer: KARI.customerNumber,
      account: { iban: NORDLYS_ACCOUNT.iban },
      roles: ['VIEW'],
      registerLimit: 0,
      approvalLimit: 0,
    },
    // More signed headers than the default two, and (request-target) first: the program must
    // sign them all, in this order (§5.2.4).
    headers: { Date: new Date().toUTCString(), 'TPP-Redirect-URI': REDIRECT },
    includeRequestTarget: true,
  });
  expect(exchange.response?.status).toBe(201);
  expect(exchange.signing?.signedHeaderNames).toEqual([
    '(request-target)',
    'date',
    'digest',
    'x-request-id',
    'tpp-redirect-uri',
  ]);
  // As History shows it: the secret's value as its `{{name}}`.
  sent = redactedExchange(exchange, [{ name: 'tppRedirect', value: REDIRECT }]).request;
  expect(sent.headers['TPP-Redirect-URI']).toBe('{{tppRedirect}}');
}, 60_000);

afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Status and body as the program prints them: the status line first. */
function answer(stdout: string): { status: number; body: string } {
  const [first, ...rest] = stdout.split('\n');
  return { status: Number(first!.split(' ')[0]), body: rest.join('\n') };
}

describe('the Node fetch program', () => {
  const runNode = async (keyFile: string) => {
    const file = join(dir, 'request.mjs');
    writeFileSync(file, nodeFetchProgram(sent));
    const { stdout } = await run(process.execPath, [file], {
      cwd: dir,
      env: { PATH: process.env['PATH'], TPP_SIGNING_KEY_FILE: keyFile, TPP_REDIRECT: REDIRECT },
    });
    return answer(stdout);
  };

  it('signs the request afresh and the bank accepts it as it accepted the workbench’s', async () => {
    const { status, body } = await runNode('qsealc.key.pem');
    expect(status, body).toBe(201);
    expect(JSON.parse(body)).toMatchObject({ customer: KARI.customerNumber, roles: ['VIEW'] });
  });

  it('signed with a key that is not the certificate’s, it gets the signature refusal', async () => {
    const { status, body } = await runNode('other.key.pem');
    expect(status).toBe(400);
    expect(body).toMatch(/Signature check failed \(signature\)/);
  });
});

const hasJdk = spawnSync('which', ['javac']).status === 0;

describe('over mTLS (§5.1)', () => {
  let listener: BankListener;
  /** The recorded request, sent to the HTTPS listener instead. */
  let overTls: ExchangeRequest;
  const env = { PATH: process.env['PATH'], TPP_REDIRECT: REDIRECT, BANK_CA_FILE: 'bank-ca.pem' };

  beforeAll(async () => {
    const [tls, qwac] = await Promise.all([
      generateServerTls(),
      issueQwac({
        issuer: sandbox.pki.ca.issuer,
        subject: {
          commonName: 'Example TPP',
          countryName: 'NO',
          organizationIdentifier: ORGANIZATION_ID,
        },
        roles: ['PSP_AI', 'PSP_PI'],
        ncaName: 'Finanstilsynet',
        ncaId: 'NO-FSA',
      }),
    ]);
    listener = await sandbox.bank.listen({
      https: bankTlsServerOptions({
        key: tls.key,
        cert: tls.cert,
        clientCas: [sandbox.pki.ca.root.certificatePem],
      }),
    });
    const chain = [qwac.certificatePem, sandbox.pki.ca.intermediate.certificatePem];
    writeFileSync(join(dir, 'qwac.pem'), chain.join(''));
    writeFileSync(join(dir, 'qwac.key.pem'), pem(qwac.privateKey));
    // The PKCS#12 the workbench exports, as the Java program reads it.
    writeFileSync(
      join(dir, 'qwac.p12'),
      exportPkcs12({
        privateKey: qwac.privateKey,
        certificates: chain,
        passphrase: 'p12 passphrase',
        cost: TEST_KEY_PROTECTION_COST,
      }),
    );
    writeFileSync(join(dir, 'bank-ca.pem'), tls.caPem);
    const url = new URL(sent.url);
    overTls = { ...sent, url: `${listener.url}${url.pathname}${url.search}` };
  }, 60_000);
  afterAll(() => listener.close());

  it('the Node program presents the QWAC through undici’s Agent and is answered', async () => {
    const file = join(dir, 'mtls.mjs');
    writeFileSync(file, nodeFetchProgram(overTls));
    const { stdout } = await run(process.execPath, [file], {
      cwd: dir,
      env: { ...env, TPP_TLS_CERTIFICATE_FILE: 'qwac.pem', TPP_TLS_KEY_FILE: 'qwac.key.pem' },
    });
    const { status, body } = answer(stdout);
    expect(status, body).toBe(201);
    // Without the client certificate the bank's handshake refuses the connection.
    await expect(run(process.execPath, [file], { cwd: dir, env })).rejects.toThrow(/fetch failed/);
  });

  it.skipIf(!hasJdk)(
    'the Java program presents the QWAC from its PKCS#12 and is answered',
    async () => {
      const mtls = join(dir, 'mtls');
      mkdirSync(mtls, { recursive: true });
      writeFileSync(join(mtls, 'SignedRequest.java'), javaHttpClientProgram(overTls));
      const { stdout } = await run('java', ['SignedRequest.java'], {
        cwd: mtls,
        env: {
          ...env,
          BANK_CA_FILE: join(dir, 'bank-ca.pem'),
          TPP_SIGNING_KEY_FILE: join(dir, 'qsealc.key.pem'),
          TPP_SIGNING_CERTIFICATE_FILE: join(dir, 'qsealc.pem'),
          TPP_TLS_KEYSTORE_FILE: join(dir, 'qwac.p12'),
          TPP_TLS_KEYSTORE_PASSWORD: 'p12 passphrase',
        },
      });
      const { status, body } = answer(stdout);
      expect(status, body).toBe(201);
    },
    60_000,
  );
});

describe.skipIf(!hasJdk)('the Java HttpClient program (where a JDK is installed)', () => {
  it('signs the request afresh and the bank accepts it', async () => {
    const key = join(dir, 'qsealc.key.pem');
    writeFileSync(join(dir, 'SignedRequest.java'), javaHttpClientProgram(sent));
    const { stdout } = await run('java', ['SignedRequest.java'], {
      cwd: dir,
      env: { PATH: process.env['PATH'], TPP_SIGNING_KEY_FILE: key, TPP_REDIRECT: REDIRECT },
    });
    const { status, body } = answer(stdout);
    expect(status, body).toBe(201);
  }, 60_000);
});
