/**
 * The Java program's text: the same signing steps as the Node program, which the integration test
 * runs against the bank (test/integration/tpp/request-code.test.ts), from the same list of signed
 * headers; nothing computed or secret pasted in.
 */
import { describe, expect, it } from 'vitest';
import {
  javaHttpClientProgram,
  javaString,
} from '../../../../main/shared/request-code/java-http-client';
import { nodeFetchProgram } from '../../../../main/shared/request-code/node-fetch';
import { RECORDED_VALUES, SIGNED_NAMES, signedRequest } from './fixture';

const signedList = (program: string, pattern: RegExp): string => pattern.exec(program)![1]!;

describe('javaHttpClientProgram', () => {
  const program = javaHttpClientProgram(signedRequest());

  it('signs the same headers, in the same order, as the Node program the bank accepted', () => {
    const java = signedList(program, /String\[\] signedHeaders = "([^"]*)"\.split/);
    const node = signedList(nodeFetchProgram(signedRequest()), /signedHeaders = "([^"]*)"\.split/);
    expect(java).toBe(SIGNED_NAMES);
    expect(java).toBe(node);
  });

  it('builds the signing string, Digest and Signature with java.security', () => {
    expect(program).toContain('lines.add(name + ": " + lowerCaseHeader(headers, name));');
    expect(program).toContain('String signingString = String.join("\\n", lines);');
    expect(program).toContain('MessageDigest.getInstance("SHA-256").digest(body)');
    expect(program).toContain('Signature.getInstance("SHA256withRSA")');
    expect(program).toContain('signingString.getBytes(StandardCharsets.ISO_8859_1)');
    expect(program).toContain('new PKCS8EncodedKeySpec(');
    expect(program).toContain('getName(X500Principal.RFC2253)');
    expect(program).toContain('algorithm=\\"rsa-sha256\\",headers=\\""');
    expect(program).toContain('headers.put("X-Request-ID", UUID.randomUUID().toString());');
    for (const rule of ['§5.2.2', '§5.2.3', '§5.2.4', '§5.2.6']) expect(program).toContain(rule);
  });

  it('pastes in no recorded value and no secret: the secret comes from the environment', () => {
    for (const recorded of RECORDED_VALUES) expect(program).not.toContain(recorded);
    expect(program).not.toContain('PRIVATE KEY-----\n');
    expect(program).toContain('headers.put("TPP-Redirect-URI", fill("{{tppRedirect}}"));');
    expect(program).toContain('SECRETS.put("tppRedirect", "TPP_REDIRECT");');
  });

  it('uses a PKCS#12 keystore for mTLS on an https URL only', () => {
    expect(program).not.toContain('.sslContext(sslContext())');
    const tls = javaHttpClientProgram(signedRequest('https://bank.example/v1/consents'));
    expect(tls).toContain('.sslContext(sslContext())');
    expect(tls).toContain('KeyStore.getInstance("PKCS12")');
    expect(tls).toContain('new String[] {"TLSv1.3", "TLSv1.2"}');
  });

  it('writes an unsigned request without signing steps', () => {
    const plain = javaHttpClientProgram({ method: 'GET', url: 'http://h/x', headers: { A: 'b' } });
    expect(plain).not.toContain('SHA256withRSA');
    expect(plain).toContain('HttpRequest.BodyPublishers.noBody()');
  });
});

describe('javaString', () => {
  it('escapes quotes, backslashes, line breaks and every non-ASCII character', () => {
    expect(javaString('a"b\\c\nd – ø 😀')).toBe('"a\\"b\\\\c\\nd \\u2013 \\u00f8 \\ud83d\\ude00"');
  });
});
