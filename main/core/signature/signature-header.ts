/**
 * The Signature header codec (§5.2.3): `keyId="…",algorithm="rsa-sha256",headers="…",signature="…"`,
 * exactly these four parts in exactly this order.
 *
 * Parsing is strict and every failure names the part and what was wrong. Two readings where the
 * spec is silent:
 * - optional whitespace around the commas is allowed (HTTP list syntax, RFC 7230 §7);
 * - a quoted value is taken verbatim: a backslash only stops the next character from closing the
 *   quote and is kept, so RFC 2253 escapes in keyId's CA (`\,` `\"`) survive unchanged.
 */
import { isStrictBase64 } from './base64.js';

export const SIGNATURE_PARTS = ['keyId', 'algorithm', 'headers', 'signature'] as const;
export type SignaturePart = (typeof SIGNATURE_PARTS)[number];

/** §5.2.3: "The same algorithm as the certificate; rsa-sha256". */
export const SIGNATURE_ALGORITHM = 'rsa-sha256';
/** §5.2.3: the request target's pseudo-header name in `headers`. */
export const REQUEST_TARGET = '(request-target)';

/**
 * §5.2.7: the header a bank's signed response carries its signing certificate in (base64 DER), as
 * TPP-Signature-Certificate does for a request; the TPP may also be configured with it.
 */
export const BANK_CERTIFICATE_HEADER = 'aspsp-signature-certificate';

export interface SignatureHeaderFields {
  keyId: string;
  algorithm: string;
  /** Lower-case names in signing order. */
  headers: string[];
  /** Base64 signature. */
  signature: string;
}

export type SignatureHeaderFailureReason =
  | 'empty'
  | 'missing-part'
  | 'part-order'
  | 'unknown-part'
  | 'duplicate-part'
  | 'malformed-quoting'
  | 'algorithm'
  | 'empty-headers'
  | 'header-name-case'
  | 'malformed-headers'
  | 'duplicate-header'
  | 'signature-not-base64';

export interface SignatureHeaderFailure {
  reason: SignatureHeaderFailureReason;
  /** The part concerned, when one is. */
  part?: SignaturePart | string;
  text: string;
}

export type SignatureHeaderParse =
  { ok: true; fields: SignatureHeaderFields } | { ok: false; failure: SignatureHeaderFailure };

/** RFC 7230 token characters, for header names in `headers`. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Builds the header value in §5.2.3 order. Throws if a value cannot be written in quotes. */
export function buildSignatureHeader(fields: SignatureHeaderFields): string {
  const values: Record<SignaturePart, string> = {
    keyId: fields.keyId,
    algorithm: fields.algorithm,
    headers: fields.headers.join(' '),
    signature: fields.signature,
  };
  return SIGNATURE_PARTS.map((part) => {
    const value = values[part];
    if (unquotedQuote(value)) {
      throw new Error(`Signature ${part} contains a '"' that is not escaped and cannot be quoted`);
    }
    return `${part}="${value}"`;
  }).join(',');
}

/** True when `value` has a `"` not preceded by an escaping backslash (or ends in a lone `\`). */
function unquotedQuote(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '\\') {
      if (i + 1 >= value.length) return true;
      i++;
    } else if (value[i] === '"') return true;
  }
  return false;
}

function fail(
  reason: SignatureHeaderFailureReason,
  text: string,
  part?: string,
): { ok: false; failure: SignatureHeaderFailure } {
  return { ok: false, failure: part === undefined ? { reason, text } : { reason, part, text } };
}

/**
 * The index of the `"` that closes a quoted value starting at `from`, a backslash escaping the
 * character after it; -1 when none does. A value without a backslash (every value this API
 * expects) is found by one native search, not a loop over its characters.
 */
function closingQuote(header: string, from: number): number {
  let quote = header.indexOf('"', from);
  let backslash = header.indexOf('\\', from);
  while (quote !== -1 && backslash !== -1 && backslash < quote) {
    // The escaped character is skipped, be it a quote or another backslash.
    const resume = backslash + 2;
    if (resume > quote) quote = header.indexOf('"', resume);
    backslash = header.indexOf('\\', resume);
  }
  return quote;
}

/**
 * The lists a client's requests carried, checked: a TPP signs the same list on every request,
 * so its checks (names, case, duplicates) run once per list, not per request. Bounded: past
 * HEADER_LISTS_KEPT lists the memory starts again.
 */
const checkedHeaderLists = new Map<string, readonly string[]>();
const HEADER_LISTS_KEPT = 256;

/** §5.2.3: the `headers` part as names, or why it is not a list of lower-case header names. */
function headerList(
  headersValue: string,
): { ok: true; names: readonly string[] } | { ok: false; failure: SignatureHeaderFailure } {
  const known = checkedHeaderLists.get(headersValue);
  if (known !== undefined) return { ok: true, names: known };
  if (headersValue.trim() === '') {
    return fail('empty-headers', 'Signature headers list is empty (§5.2.3, §5.2.4)', 'headers');
  }
  const headers = headersValue.split(' ');
  if (headers.some((name) => name === '')) {
    return fail(
      'malformed-headers',
      `Signature headers '${headersValue}' must be names separated by single spaces (§5.2.3)`,
      'headers',
    );
  }
  for (const name of headers) {
    if (name !== name.toLowerCase()) {
      return fail(
        'header-name-case',
        `Signature headers names must be lower-case; '${name}' is not (§5.2.3)`,
        'headers',
      );
    }
    if (name.startsWith('(') ? name !== REQUEST_TARGET : !TOKEN.test(name)) {
      return fail(
        'malformed-headers',
        name.startsWith('(')
          ? `Signature headers lists '${name}'; the only pseudo-header is ${REQUEST_TARGET} (§5.2.3)`
          : `Signature headers lists '${name}', which is not a header name`,
        'headers',
      );
    }
  }
  const duplicate = headers.find((name, index) => headers.indexOf(name) !== index);
  if (duplicate !== undefined) {
    return fail('duplicate-header', `Signature headers lists '${duplicate}' twice`, 'headers');
  }
  if (checkedHeaderLists.size >= HEADER_LISTS_KEPT) checkedHeaderLists.clear();
  checkedHeaderLists.set(headersValue, headers);
  return { ok: true, names: headers };
}

/** The index of the first character at or after `from` that is not a space or a tab. */
function skipSpaces(header: string, from: number): number {
  let i = from;
  while (i < header.length && (header[i] === ' ' || header[i] === '\t')) i++;
  return i;
}

/** True when `found` is the four parts, each once, in §5.2.3's order. */
function inSignatureOrder(found: readonly { name: string }[]): boolean {
  if (found.length !== SIGNATURE_PARTS.length) return false;
  for (let index = 0; index < SIGNATURE_PARTS.length; index += 1)
    if (found[index]!.name !== SIGNATURE_PARTS[index]) return false;
  return true;
}

/** What is wrong with the parts of a Signature that are not the four in order (§5.2.3). */
function partsProblem(
  found: readonly { name: string }[],
): { ok: false; failure: SignatureHeaderFailure } | undefined {
  const seen = new Set<string>();
  for (const { name } of found) {
    if (!(SIGNATURE_PARTS as readonly string[]).includes(name)) {
      const hint = SIGNATURE_PARTS.find((part) => part.toLowerCase() === name.toLowerCase());
      return fail(
        'unknown-part',
        hint
          ? `Signature part '${name}' is not known; part names are case-sensitive: '${hint}' (§5.2.3)`
          : `Signature part '${name}' is not one of keyId, algorithm, headers, signature (§5.2.3)`,
        name,
      );
    }
    if (seen.has(name))
      return fail('duplicate-part', `Signature part '${name}' appears twice`, name);
    seen.add(name);
  }
  for (const part of SIGNATURE_PARTS) {
    if (!seen.has(part))
      return fail('missing-part', `Signature part '${part}' is missing (§5.2.3)`, part);
  }
  const order = found.map(({ name }) => name);
  const misplaced = SIGNATURE_PARTS.findIndex((part, index) => order[index] !== part);
  if (misplaced !== -1) {
    return fail(
      'part-order',
      `Signature parts are in the order ${order.join(', ')}; §5.2.3 requires keyId, algorithm, headers, signature`,
      SIGNATURE_PARTS[misplaced],
    );
  }
  return undefined;
}

/** Parses a (decoded, see rfc2047.ts) Signature header value strictly. */
export function parseSignatureHeader(header: string): SignatureHeaderParse {
  if (header.trim() === '') return fail('empty', 'Signature header is empty (§5.2.3)');
  const found: { name: string; value: string }[] = [];
  let i = 0;
  const n = header.length;
  i = skipSpaces(header, i);
  while (i < n) {
    const nameStart = i;
    while (i < n && header[i] !== '=' && header[i] !== ',') i++;
    const name = header.slice(nameStart, i).trim();
    if (i >= n || header[i] !== '=') {
      return fail(
        'malformed-quoting',
        `Signature part '${name || header.slice(nameStart, nameStart + 20)}' has no ="value" (§5.2.3: parts are written key="value")`,
        name || undefined,
      );
    }
    if (!name) return fail('malformed-quoting', 'Signature has a part without a name (§5.2.3)');
    i++; // '='
    if (header[i] !== '"') {
      return fail(
        'malformed-quoting',
        `Signature part '${name}' value is not in double quotes (§5.2.3: key="value")`,
        name,
      );
    }
    i++;
    const valueStart = i;
    const closing = closingQuote(header, i);
    const closed = closing !== -1;
    i = closed ? closing : n;
    if (!closed) {
      return fail(
        'malformed-quoting',
        `Signature part '${name}' value has no closing double quote`,
        name,
      );
    }
    found.push({ name, value: header.slice(valueStart, i) });
    i++; // closing quote
    i = skipSpaces(header, i);
    if (i < n) {
      if (header[i] !== ',') {
        return fail(
          'malformed-quoting',
          `Signature part '${name}' is followed by '${header.slice(i, i + 10)}' instead of a comma (§5.2.3)`,
          name,
        );
      }
      i++;
      i = skipSpaces(header, i);
      if (i >= n) return fail('malformed-quoting', 'Signature header ends with a comma');
    }
  }

  // The usual header names the four parts once each in §5.2.3's order; any other is looked at
  // part by part, to say what is wrong. Either way, past here found[k] is SIGNATURE_PARTS[k].
  if (!inSignatureOrder(found)) {
    const refused = partsProblem(found);
    if (refused) return refused;
  }
  const value = (part: SignaturePart): string => found[SIGNATURE_PARTS.indexOf(part)]!.value;

  const keyId = value('keyId');
  if (keyId === '') return fail('missing-part', 'Signature keyId is empty (§5.2.3)', 'keyId');

  const algorithm = value('algorithm');
  if (algorithm !== SIGNATURE_ALGORITHM) {
    return fail(
      'algorithm',
      `Signature algorithm is '${algorithm}'; only '${SIGNATURE_ALGORITHM}' is accepted (§5.2.3)`,
      'algorithm',
    );
  }

  const headersValue = value('headers');
  const listed = headerList(headersValue);
  if (!listed.ok) return listed;
  const headers = [...listed.names];

  const signature = value('signature');
  if (signature === '' || !isStrictBase64(signature)) {
    return fail(
      'signature-not-base64',
      signature === ''
        ? 'Signature signature is empty (§5.2.3)'
        : 'Signature signature is not base64 (§5.2.3: base64 of the RSA-SHA256 signature)',
      'signature',
    );
  }
  return { ok: true, fields: { keyId, algorithm, headers, signature } };
}
