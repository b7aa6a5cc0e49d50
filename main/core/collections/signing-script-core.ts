/**
 * The §5.2 signing step as JavaScript text, for the pre-request script an export carries so that
 * newman or `bru run` sign each request the way the workbench's own signer does (tpp/signer.ts).
 * It runs in the other tool's sandbox, where none of this module's imports exist, so the facts it
 * needs are written into the text from their one source here: the headers §5.2.4 signs and their
 * order (signature/signed-headers.ts), the Signature parts and algorithm (signature-header.ts),
 * the keyId form (key-id.ts) and OpenSSL's attribute names for its RFC 2253 issuer
 * (distinguished-name.ts, whose escaping the text follows byte for byte). The runtime supplies
 * what differs: how to read variables, headers and the body, SHA-256, and RSA-SHA256.
 */
import { ATTRIBUTE_SHORT_NAMES } from '../signature/distinguished-name.js';
import { SIGNED_WHEN_PRESENT } from '../signature/signed-headers.js';
import { SIGNATURE_ALGORITHM, SIGNATURE_PARTS } from '../signature/signature-header.js';

/** The variable that holds the TPP's private key (PEM) in an exported collection. */
export const SIGNING_KEY_VARIABLE = 'signingKeyPem';
/** The variable that holds the signing certificate, the QSealC (PEM). */
export const SIGNING_CERTIFICATE_VARIABLE = 'signingCertificatePem';

/**
 * Reads a PEM block, finds the certificate's serial and issuer in its DER and writes keyId as
 * key-id.ts does (`SN=<upper-case hex>,CA=<RFC 2253 as OpenSSL prints it>`). Needs only Buffer.
 */
const KEY_ID_TEXT = String.raw`
var SHORT_NAMES = __SHORT_NAMES__;
function pemDer(text, label, variable) {
  var source = String(text).replace(/\\n/g, '\n');
  if (/-----BEGIN ENCRYPTED PRIVATE KEY-----/.test(source))
    throw new Error(variable + ' holds an encrypted private key; give it unencrypted (openssl pkey -in key.pem -out plain.pem)');
  var match = new RegExp('-----BEGIN ' + label + '-----([\\s\\S]*?)-----END ' + label + '-----').exec(source);
  if (!match) throw new Error(variable + ' is not a PEM ' + label + ' (-----BEGIN ' + label + '----- … -----END ' + label + '-----)');
  var der = Buffer.from(match[1].replace(/\s+/g, ''), 'base64');
  if (der.length === 0 || der[0] !== 0x30) throw new Error(variable + ' has no DER ' + label + ' inside its PEM armour');
  return der;
}
function derAt(der, offset) {
  if (offset + 2 > der.length) throw new Error('truncated DER');
  var length = der[offset + 1];
  var start = offset + 2;
  if (length & 0x80) {
    var count = length & 0x7f;
    length = 0;
    for (var i = 0; i < count; i++) length = length * 256 + der[start++];
  }
  if (start + length > der.length) throw new Error('truncated DER');
  return { tag: der[offset], start: start, end: start + length, offset: offset };
}
function derChildren(der, element) {
  var children = [];
  for (var at = element.start; at < element.end; ) {
    var child = derAt(der, at);
    children.push(child);
    at = child.end;
  }
  return children;
}
function oidText(bytes) {
  var parts = [];
  var value = 0;
  for (var i = 0; i < bytes.length; i++) {
    value = value * 128 + (bytes[i] & 0x7f);
    if (!(bytes[i] & 0x80)) {
      if (parts.length === 0) parts.push(value < 80 ? Math.floor(value / 40) : 2, value < 80 ? value % 40 : value - 80);
      else parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}
var WIDTH = { 12: 0, 18: 1, 19: 1, 20: 1, 22: 1, 23: 1, 24: 1, 26: 1, 28: 4, 30: 2 };
var HEX = '0123456789ABCDEF';
function escapeByte(byte, first, last, out) {
  if (byte > 0x7f || byte < 0x20 || byte === 0x7f) out.push('\\' + HEX[byte >> 4] + HEX[byte & 15]);
  else if (',+"\\<>;'.indexOf(String.fromCharCode(byte)) >= 0 || (byte === 0x20 && (first || last)) || (byte === 0x23 && first))
    out.push('\\' + String.fromCharCode(byte));
  else out.push(String.fromCharCode(byte));
}
function escapedValue(der, value) {
  var out = [];
  var content = der.subarray(value.start, value.end);
  var width = WIDTH[value.tag];
  if (width === undefined) return '#' + der.subarray(value.offset, value.end).toString('hex').toUpperCase();
  if (width === 0) {
    for (var i = 0; i < content.length; i++) {
      var lastByte = i === content.length - 1;
      escapeByte(content[i], i === 0 && !lastByte, lastByte, out);
    }
    return out.join('');
  }
  var points = [];
  for (var j = 0; j + width <= content.length; j += width)
    points.push(width === 1 ? content[j] : width === 2 ? content.readUInt16BE(j) : content.readUInt32BE(j));
  points.forEach(function (point, index) {
    var last = index === points.length - 1;
    var bytes = Buffer.from(String.fromCodePoint(Math.min(point, 0x10ffff)), 'utf8');
    for (var k = 0; k < bytes.length; k++) escapeByte(bytes[k], index === 0 && !last, last, out);
  });
  return out.join('');
}
function rfc2253(der, name) {
  var entries = [];
  derChildren(der, name).forEach(function (rdn, index) {
    derChildren(der, rdn).forEach(function (pair) {
      var typeAndValue = derChildren(der, pair);
      entries.push({ rdn: index, oid: oidText(der.subarray(typeAndValue[0].start, typeAndValue[0].end)), value: typeAndValue[1] });
    });
  });
  var text = '';
  var previous = -1;
  entries.reverse().forEach(function (entry) {
    if (previous !== -1) text += entry.rdn === previous ? '+' : ',';
    previous = entry.rdn;
    var short = SHORT_NAMES[entry.oid];
    text += (short || entry.oid) + '=';
    text += short ? escapedValue(der, entry.value) : '#' + der.subarray(entry.value.offset, entry.value.end).toString('hex').toUpperCase();
  });
  return text;
}
function serialHex(bytes) {
  if (bytes.length > 0 && bytes[0] & 0x80) {
    var magnitude = (BigInt(1) << BigInt(8 * bytes.length)) - BigInt('0x' + bytes.toString('hex'));
    var hex = magnitude.toString(16).toUpperCase();
    return '-' + (hex.length % 2 ? '0' + hex : hex);
  }
  var start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  return bytes.subarray(start).toString('hex').toUpperCase();
}
function keyIdOf(certificateDer) {
  var tbs = derChildren(certificateDer, derAt(certificateDer, 0))[0];
  var fields = derChildren(certificateDer, tbs);
  if (fields[0].tag === 0xa0) fields = fields.slice(1);
  var serial = certificateDer.subarray(fields[0].start, fields[0].end);
  return 'SN=' + serialHex(serial) + ',CA=' + rfc2253(certificateDer, fields[2]);
}
`;

/**
 * The §4.1 headers the workbench's PSU session adds on send (tpp/psu-session.ts) and an import
 * therefore drops, each from the variable of the session field's name: outside the workbench the
 * environment supplies them. A run without `tppSessionId` gets one new id for all its requests
 * (§3.4: the session governs the SCA).
 */
export const SESSION_HEADER_VARIABLES: readonly (readonly [string, string])[] = [
  ['TPP-Session-ID', 'tppSessionId'],
  ['TPP-Redirect-URI', 'tppRedirectUri'],
  ['PSU-ID', 'psuId'],
  ['PSU-Corporate-ID', 'psuCorporateId'],
];

/**
 * `signRequest(io)`: the session headers the request lacks (above), Digest over the body's exact bytes (when there is one), X-Request-ID when the
 * request has none (§4.1), TPP-Signature-Certificate, and Signature over the §5.2.4 headers the
 * request carries, in their order. A missing or unreadable key or certificate throws, naming the
 * variable, so nothing goes out unsigned.
 */
const SIGN_TEXT = String.raw`
var SIGNED_WHEN_PRESENT = __SIGNED__;
var SIGNATURE_PARTS = __PARTS__;
var KEY_VARIABLE = __KEY__;
var CERTIFICATE_VARIABLE = __CERTIFICATE__;
var SESSION_HEADER_VARIABLES = __SESSION__;
function sessionHeaders(io) {
  SESSION_HEADER_VARIABLES.forEach(function (pair) {
    if (io.header(pair[0].toLowerCase()) !== undefined) return;
    var value = io.variable(pair[1]);
    var empty = value === undefined || value === null || String(value) === '';
    if (empty && pair[1] === 'tppSessionId') {
      value = io.newId();
      io.keepVariable(pair[1], value);
      empty = false;
    }
    if (!empty) io.setHeader(pair[0], String(value));
  });
}
function required(io, name, what) {
  var value = io.variable(name);
  if (value === undefined || value === null || String(value).trim() === '')
    throw new Error('Cannot sign the request (§5.2): the variable ' + name + ' is empty; set it to ' + what + ' (an environment value, or newman --env-var / bru --env-var)');
  return String(value);
}
function signRequest(io) {
  var keyPem = required(io, KEY_VARIABLE, "the TPP's private key in PEM");
  var certificateDer = pemDer(required(io, CERTIFICATE_VARIABLE, 'the signing certificate (QSealC) in PEM'), 'CERTIFICATE', CERTIFICATE_VARIABLE);
  var keyId;
  try {
    keyId = keyIdOf(certificateDer);
  } catch (error) {
    throw new Error(CERTIFICATE_VARIABLE + ' is not an X.509 certificate: ' + error.message);
  }
  sessionHeaders(io);
  var body = io.body();
  if (body !== undefined) io.setHeader('Digest', 'SHA-256=' + io.sha256(Buffer.from(body, 'utf8')).toString('base64'));
  else io.removeHeader('Digest');
  if (io.header('x-request-id') === undefined) io.setHeader('X-Request-ID', io.newId());
  io.setHeader('TPP-Signature-Certificate', certificateDer.toString('base64'));
  var names = SIGNED_WHEN_PRESENT.filter(function (name) { return io.header(name) !== undefined; });
  var signingString = names.map(function (name) { return name + ': ' + String(io.header(name)).trim(); }).join('\n');
  for (var i = 0; i < signingString.length; i++)
    if (signingString.charCodeAt(i) > 0xff)
      throw new Error("Cannot sign the request (§5.2): a signed header value has '" + signingString[i] + "', which is outside ISO-8859-1");
  var signature = io.rsaSha256(keyPem, Buffer.from(signingString, 'latin1')).toString('base64');
  var values = { keyId: keyId, algorithm: __ALGORITHM__, headers: names.join(' '), signature: signature };
  io.setHeader('Signature', SIGNATURE_PARTS.map(function (part) { return part + '="' + values[part] + '"'; }).join(','));
}
`;

/** The keyId part alone (tests compare it with the workbench's own reading of certificates). */
export function keyIdScriptText(): string {
  return KEY_ID_TEXT.replace('__SHORT_NAMES__', JSON.stringify(ATTRIBUTE_SHORT_NAMES));
}

/** The functions every runtime's script shares: `signRequest(io)` and what it calls. */
export function signingCoreText(): string {
  return (
    keyIdScriptText() +
    SIGN_TEXT.replace('__SIGNED__', JSON.stringify(SIGNED_WHEN_PRESENT))
      .replace('__PARTS__', JSON.stringify(SIGNATURE_PARTS))
      .replace('__KEY__', JSON.stringify(SIGNING_KEY_VARIABLE))
      .replace('__CERTIFICATE__', JSON.stringify(SIGNING_CERTIFICATE_VARIABLE))
      .replace('__SESSION__', JSON.stringify(SESSION_HEADER_VARIABLES))
      .replace('__ALGORITHM__', JSON.stringify(SIGNATURE_ALGORITHM))
  );
}
