/**
 * A recorded request as a Node program (Node 18 or later, `fetch` and `node:crypto`) that signs it
 * as §5.2 says and the workbench's signer does (main/core/tpp/signer.ts): Digest of the body bytes,
 * the signing string from the signed headers in the workbench's order, RSA-SHA256 over its
 * ISO-8859-1 bytes, keyId from the certificate, the Signature's four parts in order. No mainstream
 * client signs §5.2 requests, so the steps are written out, each citing its rule. Keys and
 * certificates are read from files named at the top, never pasted; secret placeholders are read
 * from the environment. Pure.
 */
import {
  codeRequest,
  environmentName,
  hasPlaceholder,
  type RecordedRequest,
} from './code-request.js';

const js = (text: string): string => JSON.stringify(text);
/** A string as JavaScript: a literal, or `fill(literal)` when it holds secret placeholders. */
const value = (text: string): string => (hasPlaceholder(text) ? `fill(${js(text)})` : js(text));

function secretLines(secrets: readonly string[]): string[] {
  if (secrets.length === 0) return [];
  return [
    '',
    '// Secret variables are never written into this file: each `{{name}}` is read from the',
    '// environment variable named here.',
    'const SECRETS = {',
    ...secrets.map((name) => `  ${js(name)}: ${js(environmentName(name))},`),
    '};',
    'function fill(text) {',
    '  return text.replace(/\\{\\{([A-Za-z][A-Za-z0-9_-]*)\\}\\}/g, (placeholder, name) => {',
    '    const value = process.env[SECRETS[name]];',
    '    if (value === undefined) throw new Error(`set ${SECRETS[name]} to the value of ${placeholder}`);',
    '    return value;',
    '  });',
    '}',
  ];
}

function fileLines(signed: boolean, tls: boolean): string[] {
  const lines: string[] = [];
  if (signed)
    lines.push(
      '',
      '// The QSealC that signs (§5.2.2): its private key and certificate, PEM files.',
      "const SIGNING_KEY_FILE = process.env.TPP_SIGNING_KEY_FILE ?? 'qsealc.key.pem';",
      "const SIGNING_CERTIFICATE_FILE = process.env.TPP_SIGNING_CERTIFICATE_FILE ?? 'qsealc.pem';",
    );
  if (tls)
    lines.push(
      '',
      '// TLS (§5.1): the QWAC and its key as client certificate (mTLS), and the CA that issued the',
      "// bank's server certificate when it is not a public one. Unset: no client certificate.",
      'const TLS_CERTIFICATE_FILE = process.env.TPP_TLS_CERTIFICATE_FILE;',
      'const TLS_KEY_FILE = process.env.TPP_TLS_KEY_FILE;',
      'const BANK_CA_FILE = process.env.BANK_CA_FILE;',
    );
  return lines;
}

function signingLines(names: readonly string[], hasBody: boolean): string[] {
  return [
    '',
    ...(hasBody
      ? [
          '// §5.2.2: Digest, the SHA-256 of the exact body bytes, base64 (RFC 3230).',
          "headers['Digest'] = `SHA-256=${createHash('sha256').update(body).digest('base64')}`;",
        ]
      : []),
    '// §5.2.2: the signing certificate itself, base64 DER, in TPP-Signature-Certificate.',
    'const certificate = new X509Certificate(readFileSync(SIGNING_CERTIFICATE_FILE));',
    "headers['TPP-Signature-Certificate'] = certificate.raw.toString('base64');",
    '',
    '// §5.2.4–5.2.5: the signing string, one `<lower-case name>: <value>` line per signed header,',
    '// in the order the workbench signed them; (request-target) is the method and path.',
    `const signedHeaders = ${js(names.join(' '))}.split(' ');`,
    'const lowerCase = new Map(Object.entries(headers).map(([n, v]) => [n.toLowerCase(), v.trim()]));',
    'const { pathname, search } = new URL(url);',
    'const signingString = signedHeaders',
    '  .map((name) => {',
    "    if (name === '(request-target)') return `${name}: ${method.toLowerCase()} ${pathname}${search}`;",
    '    if (!lowerCase.has(name)) throw new Error(`the request has no ${name} header to sign`);',
    '    return `${name}: ${lowerCase.get(name)}`;',
    '  })',
    "  .join('\\n');",
    '',
    '// §5.2.3: RSA-SHA256 over the signing string, base64. Header values go on the wire as',
    '// ISO-8859-1 bytes, so those are the bytes signed.',
    "const signature = createSign('sha256')",
    "  .update(Buffer.from(signingString, 'latin1'))",
    "  .sign(readFileSync(SIGNING_KEY_FILE, 'utf8'), 'base64');",
    '',
    '// §5.2.3: keyId is SN=<serial, upper-case hex>,CA=<issuer DN, RFC 2253: last RDN first>.',
    "const issuer = certificate.issuer.split('\\n').reverse().join(',');",
    'const keyId = `SN=${certificate.serialNumber.toUpperCase()},CA=${issuer}`;',
    'const parts = `keyId="${keyId}",algorithm="rsa-sha256",headers="${signedHeaders.join(\' \')}",signature="${signature}"`;',
    '// §5.2.6: a value with non-ASCII characters is sent RFC 2047-encoded as a whole.',
    "headers['Signature'] = /[^\\x00-\\x7f]/.test(parts)",
    "  ? `=?utf-8?B?${Buffer.from(parts, 'utf8').toString('base64')}?=`",
    '  : parts;',
  ];
}

function tlsLines(): string[] {
  return [
    '',
    '// undici (npm install undici) is the HTTP client behind Node’s fetch; its Agent takes the',
    '// client certificate and the CA.',
    'const dispatcher = new Agent({',
    '  connect: {',
    '    ...(TLS_CERTIFICATE_FILE ? { cert: readFileSync(TLS_CERTIFICATE_FILE) } : {}),',
    '    ...(TLS_KEY_FILE ? { key: readFileSync(TLS_KEY_FILE) } : {}),',
    '    ...(BANK_CA_FILE ? { ca: readFileSync(BANK_CA_FILE) } : {}),',
    "    minVersion: 'TLSv1.2',",
    '  },',
    '});',
  ];
}

/** The recorded request as a runnable ES module (`node request.mjs`). */
export function nodeFetchProgram(recorded: RecordedRequest): string {
  const request = codeRequest(recorded);
  const names = request.signedHeaderNames;
  const crypto = names
    ? ['createHash', 'createSign', 'randomUUID', 'X509Certificate'].filter(
        (name) => name !== 'createHash' || request.body !== undefined,
      )
    : ['randomUUID'];
  const body = request.body
    ? 'text' in request.body
      ? `Buffer.from(${value(request.body.text)}, 'utf8')`
      : `Buffer.from(${js(request.body.base64)}, 'base64')`
    : undefined;
  const headerLines = request.headers.map(({ name, value: sent, fresh }) => {
    if (fresh === 'request-id') return `  ${js(name)}: randomUUID(), // §4.1: unique per call`;
    if (fresh === 'date') return `  ${js(name)}: new Date().toUTCString(),`;
    return `  ${js(name)}: ${value(sent)},`;
  });
  const lines = [
    `// ${request.method} ${request.url}`,
    '// Signed as the interface specification §5.2 says. Run with Node 18 or later.',
    ...(request.tls ? ['// Needs undici for TLS: npm install undici'] : []),
    `import { ${crypto.join(', ')} } from 'node:crypto';`,
    ...(names || request.tls ? ["import { readFileSync } from 'node:fs';"] : []),
    ...(request.tls ? ["import { Agent } from 'undici';"] : []),
    ...fileLines(names !== undefined, request.tls),
    ...secretLines(request.secrets),
    '',
    `const method = ${js(request.method)};`,
    `const url = ${value(request.url)};`,
    ...(body ? [`const body = ${body};`] : []),
    'const headers = {',
    ...headerLines,
    '};',
    ...(names ? signingLines(names, body !== undefined) : []),
    ...(request.tls ? tlsLines() : []),
    '',
    'const response = await fetch(url, {',
    '  method,',
    '  headers,',
    ...(body ? ['  body,'] : []),
    ...(request.tls ? ['  dispatcher,'] : []),
    '});',
    'console.log(response.status, response.statusText);',
    'console.log(await response.text());',
  ];
  return `${lines.join('\n')}\n`;
}
