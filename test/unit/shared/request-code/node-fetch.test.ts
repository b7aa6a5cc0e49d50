/**
 * The Node program's text: the signing steps in the workbench's order, nothing computed or secret
 * pasted in. That it runs and the bank accepts it: test/integration/tpp/request-code.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeFetchProgram } from '../../../../main/shared/request-code/node-fetch';
import { RECORDED_VALUES, SIGNED_NAMES, signedRequest } from './fixture';

describe('nodeFetchProgram', () => {
  const program = nodeFetchProgram(signedRequest());

  it('signs the headers the workbench signed, in its order, with the key read from a file', () => {
    expect(program).toContain(`const signedHeaders = "${SIGNED_NAMES}".split(' ');`);
    expect(program).toContain("readFileSync(SIGNING_KEY_FILE, 'utf8')");
    expect(program).toContain("createSign('sha256')");
    expect(program).toContain("headers['Digest'] = `SHA-256=");
    expect(program).toContain('"X-Request-ID": randomUUID(),');
    expect(program).toContain('"Date": new Date().toUTCString(),');
    // The steps cite the rules they follow.
    for (const rule of ['§5.2.2', '§5.2.3', '§5.2.4', '§5.2.6']) expect(program).toContain(rule);
  });

  it('pastes in no recorded signature, certificate, digest or id, and no secret', () => {
    for (const recorded of RECORDED_VALUES) expect(program).not.toContain(recorded);
    expect(program).not.toContain('PRIVATE KEY');
    expect(program).toContain('"TPP-Redirect-URI": fill("{{tppRedirect}}"),');
    expect(program).toContain('"tppRedirect": "TPP_REDIRECT",');
  });

  it('sets up undici’s Agent for an https URL only', () => {
    expect(program).not.toContain('undici');
    const tls = nodeFetchProgram(signedRequest('https://bank.example/v1/consents'));
    expect(tls).toContain("import { Agent } from 'undici';");
    expect(tls).toContain('cert: readFileSync(TLS_CERTIFICATE_FILE)');
    expect(tls).toContain('  dispatcher,');
  });

  it('writes an unsigned request without signing steps', () => {
    const plain = nodeFetchProgram({ method: 'GET', url: 'http://h/x', headers: { A: 'b' } });
    expect(plain).not.toContain('createSign');
    expect(plain).not.toContain('SIGNING_KEY_FILE');
    expect(plain).toContain('"A": "b",');
  });

  it('is a valid ES module', () => {
    const dir = mkdtempSync(join(tmpdir(), 'node-fetch-'));
    try {
      for (const [name, text] of [
        ['signed.mjs', program],
        ['tls.mjs', nodeFetchProgram(signedRequest('https://bank.example/'))],
        ['plain.mjs', nodeFetchProgram({ method: 'GET', url: 'http://h/', headers: {} })],
      ] as const) {
        writeFileSync(join(dir, name), text);
        const check = spawnSync(process.execPath, ['--check', join(dir, name)], {
          encoding: 'utf8',
        });
        expect(check.stderr, name).toBe('');
        expect(check.status, name).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
