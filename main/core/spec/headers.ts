/**
 * §4.1 header groups and the format rule of every header. Header keys are lower-case (HTTP field
 * names are case-insensitive; node:http lower-cases them); `name` is the spec's spelling for texts.
 * Pure: no Node-only imports.
 */
import { boundedMemo } from '../../shared/bounded-memo.js';
import { PSU_CONTEXTS, PSU_HTTP_METHODS } from './enums.js';
import { validateNorwegianIdentityNumber } from './validators/national-identity-number.js';

export type HeaderGroup = 'negotiation' | 'signed-request' | 'tpp' | 'fix' | 'psu';

/** The shape of a header value for the API reference and the composer (JSON Schema fragment). */
export interface HeaderValueSchema {
  type: 'string';
  format?: string;
  pattern?: string;
  enum?: readonly string[];
}

export interface HeaderRule {
  /** Lower-case field name. */
  key: string;
  /** The spec's spelling. */
  name: string;
  group: HeaderGroup;
  description: string;
  schema: HeaderValueSchema;
  /** Problem text when the value breaks the format, else undefined. */
  check?: (value: string) => string | undefined;
}

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

const checkUuid = (value: string) => (isUuid(value) ? undefined : 'must be a UUID (RFC 4122)');

function checkOneOf(values: readonly string[]) {
  return (value: string) => (values.includes(value) ? undefined : `must be ${values.join(' or ')}`);
}

function checkNotEmpty(value: string): string | undefined {
  return value.trim() === '' ? 'must not be empty' : undefined;
}

const GEO = /^GEO:(-?[0-9]{1,3}(?:\.[0-9]+)?),(-?[0-9]{1,3}(?:\.[0-9]+)?)$/;

/** §4.1 PSU-Geo-Location `GEO:<latitude>,<longitude>`, latitude −90..90, longitude −180..180. */
export function checkGeoLocation(value: string): string | undefined {
  const match = GEO.exec(value);
  if (!match) return "must have the form 'GEO:<latitude>,<longitude>' with decimal degrees";
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (latitude < -90 || latitude > 90) return 'latitude must lie between -90 and 90';
  if (longitude < -180 || longitude > 180) return 'longitude must lie between -180 and 180';
  return undefined;
}

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), ([0-9]{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([0-9]{4}) ([0-9]{2}):([0-9]{2}):([0-9]{2}) GMT$/;

/** §1: dates in headers use the RFC 7231 (RFC 9110 §5.6.7) IMF-fixdate form. */
export function parseImfFixdate(value: string): Date | undefined {
  const match = IMF_FIXDATE.exec(value);
  if (!match) return undefined;
  const [, dayName, dd, mon, yyyy, hh, mm, ss] = match;
  const month = MONTH_NAMES.indexOf(mon!);
  const date = new Date(
    Date.UTC(Number(yyyy), month, Number(dd), Number(hh), Number(mm), Number(ss)),
  );
  if (
    date.getUTCDate() !== Number(dd) ||
    date.getUTCMonth() !== month ||
    date.getUTCHours() !== Number(hh) ||
    date.getUTCMinutes() !== Number(mm) ||
    date.getUTCSeconds() !== Number(ss) ||
    DAY_NAMES[date.getUTCDay()] !== dayName
  )
    return undefined;
  return date;
}

export function formatImfFixdate(date: Date): string {
  return date.toUTCString(); // ECMAScript specifies exactly the IMF-fixdate form here
}

const checkImfFixdate = (value: string) =>
  parseImfFixdate(value)
    ? undefined
    : "must be an RFC 7231 IMF-fixdate such as 'Sun, 06 Nov 1994 08:49:37 GMT'";

/** The TPP-Redirect-URIs whose check is kept: a TPP sends the same one on every request. */
const URIS_KEPT = 256;

/** §4.1 / §5.3.2 TPP-Redirect-URI: an absolute http or https URI; once per value (bounded-memo.ts). */
export const checkAbsoluteHttpUri: (value: string) => string | undefined = boundedMemo(
  URIS_KEPT,
  absoluteHttpUriProblem,
);

function absoluteHttpUriProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URI';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must use http or https';
  if (url.hostname === '') return 'must name a host';
  return undefined;
}

/** One to three digits of value 0..255 (leading zeros allowed), four times with dots. */
const OCTET = '(?:[0-9]{1,2}|[01][0-9]{2}|2[0-4][0-9]|25[0-5])';
const IPV4 = new RegExp(`^(?:${OCTET}\\.){3}${OCTET}$`);

// One expression rather than a split: PSU-IP-Address is checked on most requests.
function isIpv4(value: string): boolean {
  return IPV4.test(value);
}

function isIpv6(value: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(value) || value.split('::').length > 2) return false;
  let groups = value.split(':');
  let required = 8;
  const last = groups[groups.length - 1]!;
  if (last.includes('.')) {
    if (!isIpv4(last)) return false;
    groups = groups.slice(0, -1);
    required = 6;
  }
  const compressed = value.includes('::');
  const nonEmpty = groups.filter((group) => group !== '');
  if (!nonEmpty.every((group) => /^[0-9A-Fa-f]{1,4}$/.test(group))) return false;
  if (compressed) return nonEmpty.length < required;
  return groups.length === required && nonEmpty.length === required;
}

/** PSU-IP-Address: an IPv4 or IPv6 address. */
export function isIpAddress(value: string): boolean {
  return isIpv4(value) || isIpv6(value);
}

function checkIpAddress(value: string): string | undefined {
  return isIpAddress(value) ? undefined : 'must be an IPv4 or IPv6 address';
}

function checkPort(value: string): string | undefined {
  return /^[0-9]{1,5}$/.test(value) && Number(value) <= 65535
    ? undefined
    : 'must be a port number 0..65535';
}

function checkIdentityNumber(value: string): string | undefined {
  const result = validateNorwegianIdentityNumber(value);
  return result.ok ? undefined : `must be a Norwegian birth number or D-number: ${result.problem}`;
}

const stringSchema: HeaderValueSchema = { type: 'string' };
const uuidSchema: HeaderValueSchema = { type: 'string', format: 'uuid' };

function rule(
  name: string,
  group: HeaderGroup,
  description: string,
  schema: HeaderValueSchema = stringSchema,
  check?: (value: string) => string | undefined,
): HeaderRule {
  const entry: HeaderRule = { key: name.toLowerCase(), name, group, description, schema };
  if (check) entry.check = check;
  return entry;
}

/** Every header of §4.1 (and `Date`, which §5.2.4 signs when present), keyed by lower-case name. */
export const HEADER_RULES_LIST: readonly HeaderRule[] = [
  rule('Accept', 'negotiation', 'Standard content negotiation (§4.1).'),
  rule('Accept-Charset', 'negotiation', 'Standard content negotiation (§4.1).'),
  rule('Accept-Encoding', 'negotiation', 'Standard content negotiation (§4.1).'),
  rule('Accept-Language', 'negotiation', 'Standard content negotiation (§4.1).'),
  rule('Host', 'negotiation', 'Standard content negotiation (§4.1).'),
  rule('Content-Type', 'negotiation', 'Body type on requests with a body; JSON only (§1, §4.1).'),
  rule(
    'X-Request-ID',
    'signed-request',
    'Request identifier unique per call (UUID).',
    uuidSchema,
    checkUuid,
  ),
  rule(
    'TPP-Signature-Certificate',
    'signed-request',
    'Base64 certificate used for signing (§5.2.2).',
    stringSchema,
    checkNotEmpty,
  ),
  rule(
    'Signature',
    'signed-request',
    'HTTP message signature (§5.2).',
    stringSchema,
    checkNotEmpty,
  ),
  rule(
    'Digest',
    'signed-request',
    'Base64 SHA-256 or SHA-512 hash of the body (RFC 3230, RFC 5843); required with a body.',
    { type: 'string', pattern: '^SHA-(256|512)=' },
    checkNotEmpty,
  ),
  rule(
    'Date',
    'signed-request',
    'RFC 7231 IMF-fixdate; signed when present (§5.2.4).',
    stringSchema,
    checkImfFixdate,
  ),
  rule('TPP-Session-ID', 'tpp', 'Session identifier (§3.4).', stringSchema, checkNotEmpty),
  rule(
    'TPP-Redirect-URI',
    'tpp',
    'TPP address for the PSU redirect after SCA: absolute http(s) URI (§5.3).',
    { type: 'string', format: 'uri' },
    checkAbsoluteHttpUri,
  ),
  rule(
    'TPP-Redirect-Preferred',
    'tpp',
    '`false` triggers biometric authentication in mobile apps where available; default true (§5.3.5).',
    { type: 'string', enum: ['true', 'false'] },
    checkOneOf(['true', 'false']),
  ),
  rule('TPP-Brand-Logging-Information', 'tpp', 'TPP brand used towards the PSU, logged.'),
  rule(
    'x-accept-fix',
    'fix',
    'Comma-separated list of fix names (§9.2).',
    stringSchema,
    checkNotEmpty,
  ),
  rule(
    'PSU-ID',
    'psu',
    'PSU identifier (UUID), from the redirect after SCA (§6.1).',
    uuidSchema,
    checkUuid,
  ),
  rule(
    'X-PSU-IDENTITY',
    'psu',
    'Alternative to PSU-ID: Norwegian birth number or D-number.',
    { type: 'string', pattern: '^[0-9]{11}$' },
    checkIdentityNumber,
  ),
  rule('PSU-Corporate-ID', 'psu', 'Corporate agreement identifier.', stringSchema, checkNotEmpty),
  rule(
    'PSU-Context',
    'psu',
    'PRIVATE or CORPORATE.',
    { type: 'string', enum: PSU_CONTEXTS },
    checkOneOf(PSU_CONTEXTS),
  ),
  rule(
    'PSU-IP-Address',
    'psu',
    'Forwarded IP address of the PSU.',
    { type: 'string', format: 'ip' },
    checkIpAddress,
  ),
  rule(
    'PSU-IP-Port',
    'psu',
    'Forwarded port, if available.',
    { type: 'string', pattern: '^[0-9]{1,5}$' },
    checkPort,
  ),
  rule('PSU-User-Agent', 'psu', 'Forwarded User-Agent of the PSU, if available.'),
  rule('PSU-Accept', 'psu', 'Forwarded Accept of the PSU, if available.'),
  rule('PSU-Accept-Charset', 'psu', 'Forwarded Accept-Charset of the PSU, if available.'),
  rule('PSU-Accept-Encoding', 'psu', 'Forwarded Accept-Encoding of the PSU, if available.'),
  rule('PSU-Accept-Language', 'psu', 'Forwarded Accept-Language of the PSU, if available.'),
  rule(
    'PSU-HTTP-Method',
    'psu',
    'Forwarded HTTP method, if available.',
    { type: 'string', enum: PSU_HTTP_METHODS },
    checkOneOf(PSU_HTTP_METHODS),
  ),
  rule('PSU-Device-ID', 'psu', 'Forwarded device id (UUID), if available.', uuidSchema, checkUuid),
  rule(
    'PSU-Geo-Location',
    'psu',
    "Forwarded location 'GEO:<latitude>,<longitude>', if available.",
    { type: 'string', pattern: '^GEO:-?[0-9.]+,-?[0-9.]+$' },
    checkGeoLocation,
  ),
];

export const HEADER_RULES: ReadonlyMap<string, HeaderRule> = new Map(
  HEADER_RULES_LIST.map((entry) => [entry.key, entry]),
);

export function headerRule(key: string): HeaderRule | undefined {
  return HEADER_RULES.get(key.toLowerCase());
}

/** The lower-case keys of a §4.1 group, in the spec's order. */
export function headerGroup(group: HeaderGroup): readonly string[] {
  return HEADER_RULES_LIST.filter((entry) => entry.group === group).map((entry) => entry.key);
}

/** The PSU headers other than the identity ones (the "other PSU headers" of §4.2). */
export const OTHER_PSU_HEADERS: readonly string[] = headerGroup('psu').filter(
  (key) =>
    !['psu-id', 'psu-corporate-id', 'x-psu-identity', 'psu-context', 'psu-ip-address'].includes(
      key,
    ),
);

/** Problem text for `value` of header `key`, or undefined when it is well formed. */
export function checkHeaderValue(key: string, value: string): string | undefined {
  return headerRule(key)?.check?.(value);
}
