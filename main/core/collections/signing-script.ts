/**
 * The collection-level pre-request scripts an export "with signing" carries: the shared §5.2 step
 * (signing-script-core.ts) bound to each runtime.
 *
 * - Postman (newman): the sandbox has CryptoJS for SHA-256 but nothing that signs with RSA, so
 *   the script carries a small RSASSA-PKCS1-v1_5 signer over BigInt (RFC 8017 §8.2, EMSA §9.2)
 *   that reads an unencrypted PKCS#8 or PKCS#1 PEM key. Offline, no library text to evaluate.
 *   A failure is a failed test naming the reason, and the request is skipped
 *   (pm.execution.skipRequest), so nothing goes out unsigned.
 * - Bruno: Node's `crypto` (`require('crypto')`), which Bruno offers to scripts in its developer
 *   mode only (docs/collections.md says so).
 */
import type { InertScript } from './model.js';
import {
  SIGNING_CERTIFICATE_VARIABLE,
  SIGNING_KEY_VARIABLE,
  signingCoreText,
} from './signing-script-core.js';

export { SIGNING_KEY_VARIABLE, SIGNING_CERTIFICATE_VARIABLE };
export { SESSION_HEADER_VARIABLES } from './signing-script-core.js';

/** The first line of every signing script: how an import knows one when it comes back. */
export const SIGNING_SCRIPT_MARKER =
  '// PSD2 Workbench: signs every request of this collection per §5.2 (docs/collections.md).';

/** RSASSA-PKCS1-v1_5 with SHA-256 over BigInt, for a runtime without an RSA signer. */
const RSA_TEXT = String.raw`
function rsaKey(pem) {
  var source = String(pem).replace(/\\n/g, '\n');
  var rsa;
  if (/-----BEGIN RSA PRIVATE KEY-----/.test(source)) rsa = pemDer(source, 'RSA PRIVATE KEY', KEY_VARIABLE);
  else {
    var der = pemDer(source, 'PRIVATE KEY', KEY_VARIABLE);
    var parts = derChildren(der, derAt(der, 0));
    var algorithm = derChildren(der, parts[1])[0];
    if (oidText(der.subarray(algorithm.start, algorithm.end)) !== '1.2.840.113549.1.1.1')
      throw new Error(KEY_VARIABLE + ' is not an RSA key; §5.2.3 signs with rsa-sha256');
    rsa = der.subarray(parts[2].start, parts[2].end);
  }
  var numbers = derChildren(rsa, derAt(rsa, 0)).map(function (field) {
    return BigInt('0x' + (rsa.subarray(field.start, field.end).toString('hex') || '0'));
  });
  if (numbers.length < 9) throw new Error(KEY_VARIABLE + ' is not an RSA private key');
  return { n: numbers[1], p: numbers[4], q: numbers[5], dp: numbers[6], dq: numbers[7], qi: numbers[8] };
}
function modPow(base, exponent, modulus) {
  var result = BigInt(1);
  base %= modulus;
  while (exponent > BigInt(0)) {
    if (exponent & BigInt(1)) result = (result * base) % modulus;
    base = (base * base) % modulus;
    exponent >>= BigInt(1);
  }
  return result;
}
function rsaSha256(pem, bytes, sha256) {
  var key = rsaKey(pem);
  var size = Math.ceil(key.n.toString(16).length / 2);
  var digestInfo = '3031300d060960864801650304020105000420' + sha256(bytes).toString('hex');
  var encoded = '0001' + 'ff'.repeat(size - 3 - digestInfo.length / 2) + '00' + digestInfo;
  var message = BigInt('0x' + encoded);
  var m1 = modPow(message, key.dp, key.p);
  var m2 = modPow(message, key.dq, key.q);
  var h = (key.qi * (((m1 - m2) % key.p) + key.p)) % key.p;
  var signature = (m2 + h * key.q).toString(16);
  return Buffer.from(signature.padStart(size * 2, '0'), 'hex');
}
`;

const POSTMAN_TEXT = String.raw`
var CryptoJS = require('crypto-js');
function sha256(bytes) {
  return Buffer.from(CryptoJS.SHA256(CryptoJS.enc.Hex.parse(bytes.toString('hex'))).toString(CryptoJS.enc.Hex), 'hex');
}
function headerOf(name) {
  var found = pm.request.headers.filter(function (h) { return !h.disabled && String(h.key).toLowerCase() === name; });
  return found.length ? pm.variables.replaceIn(String(found[0].value)) : undefined;
}
function removeHeader(name) {
  pm.request.headers.filter(function (h) { return String(h.key).toLowerCase() === name.toLowerCase(); })
    .forEach(function (h) { pm.request.headers.remove(h); });
}
var io = {
  variable: function (name) { return pm.variables.get(name); },
  header: headerOf,
  setHeader: function (name, value) { removeHeader(name); pm.request.headers.add({ key: name, value: value }); },
  removeHeader: removeHeader,
  body: function () {
    var body = pm.request.body;
    if (!body || body.disabled || body.mode !== 'raw' || !body.raw) return undefined;
    // Digest covers the bytes sent: the body with its {{variables}} filled, written back as such.
    body.raw = pm.variables.replaceIn(body.raw);
    return body.raw;
  },
  newId: function () { return pm.variables.replaceIn('{{$guid}}'); },
  keepVariable: function (name, value) { pm.collectionVariables.set(name, value); },
  sha256: sha256,
  rsaSha256: function (pem, bytes) { return rsaSha256(pem, bytes, sha256); },
};
try {
  signRequest(io);
} catch (error) {
  // A failed test makes newman report the reason and exit non-zero; the skip keeps the request
  // from going out unsigned (a thrown error alone would be reported and the request still sent).
  pm.test('Sign the request (§5.2)', function () { throw error; });
  pm.execution.skipRequest();
}
`;

const BRUNO_TEXT = String.raw`
var crypto = require('crypto');
function bodyText() {
  var body = req.getBody();
  if (body === undefined || body === null || body === '') return undefined;
  var text = typeof body === 'string' ? body : JSON.stringify(body);
  // Digest covers the bytes sent: the body with its {{variables}} filled, set back as text.
  if (typeof bru.interpolate === 'function') text = bru.interpolate(text);
  req.setBody(text);
  return text;
}
function headerOf(name) {
  var headers = req.getHeaders() || {};
  var key = Object.keys(headers).filter(function (k) { return k.toLowerCase() === name; })[0];
  if (key === undefined) return undefined;
  var value = String(headers[key]);
  return typeof bru.interpolate === 'function' ? bru.interpolate(value) : value;
}
function removeHeader(name) {
  var headers = req.getHeaders() || {};
  Object.keys(headers).forEach(function (k) {
    if (k.toLowerCase() !== name.toLowerCase()) return;
    // Bruno before deleteHeader gave scripts the request's own header object.
    if (typeof req.deleteHeader === 'function') req.deleteHeader(k);
    else delete headers[k];
  });
}
var io = {
  variable: function (name) {
    var value = bru.getEnvVar(name);
    return value === undefined || value === '' ? bru.getVar(name) : value;
  },
  header: headerOf,
  setHeader: function (name, value) { removeHeader(name); req.setHeader(name, value); },
  removeHeader: removeHeader,
  body: bodyText,
  newId: function () { return crypto.randomUUID(); },
  keepVariable: function (name, value) { bru.setVar(name, value); },
  sha256: function (bytes) { return crypto.createHash('sha256').update(bytes).digest(); },
  rsaSha256: function (pem, bytes) {
    return crypto.sign('sha256', bytes, String(pem).replace(/\\n/g, '\n'));
  },
};
signRequest(io);
`;

function wrapped(body: string): string {
  return `${SIGNING_SCRIPT_MARKER}\n// Set ${SIGNING_KEY_VARIABLE} and ${SIGNING_CERTIFICATE_VARIABLE} (PEM) in the environment.\n(function () {\n${signingCoreText()}${body}})();\n`;
}

/** The collection-level pre-request script of a Postman export with signing (newman). */
export function postmanSigningScript(): string {
  return wrapped(RSA_TEXT + POSTMAN_TEXT);
}

/** The collection-level `script:pre-request` of a Bruno export with signing (developer mode). */
export function brunoSigningScript(): string {
  return wrapped(BRUNO_TEXT);
}

/**
 * The scripts without a signing script an earlier export added: a signed export that comes back
 * in and goes out again carries one signing step, the one of this version.
 */
export function withoutSigningScript(
  scripts: readonly InertScript[] | undefined,
): InertScript[] | undefined {
  const kept = scripts?.filter((s) => !s.text.startsWith(SIGNING_SCRIPT_MARKER));
  return kept?.length ? kept : undefined;
}
