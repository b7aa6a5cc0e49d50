/**
 * The run result as the report files show it: the run's metadata attached, the spec sections of
 * every failed check's rules, and secrets redacted from the evidence. Reports leave the machine
 * (CI artefacts, mails to the bank, evidence bundles), so a bearer token, a session cookie, the
 * admin token or a private key must never be in them. Signatures and certificates stay: they are
 * the evidence of §5 (what was signed, with which QSealC) and are public by design.
 *
 * PSU data is masked too unless asked not to (`workbench run --no-redact`): IBANs keep their
 * first and last four characters (`NO93…0713`), PSU-IDs, identity numbers and names become a
 * short keyed hash (`[psu-id:3f2a9c1b]`), the same value the same token throughout one run, so a
 * reader can still follow one PSU or account through a check. The key is random per process, so
 * the tokens cannot be reversed by hashing every 11-digit number, and do not link two runs.
 * Signing strings are masked as their headers are (a reader matches them line by line); the
 * Signature, Digest and certificate headers are never touched.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { REDACTED, type EvidenceExchange } from '../../../shared/exchange.js';
import type {
  CheckResult,
  EvidenceItem,
  RunMetadata,
  RunResult,
  SpecSection,
} from '../../../shared/run-result.js';
import type { RuleId } from '../../../shared/rule-ids.js';

export { REDACTED };

export interface PresentOptions {
  meta?: RunMetadata;
  /** The catalogue's description of a rule id (suites/catalogue.ts describeRule). */
  describeRule?(ruleId: RuleId): { section: string } | undefined;
  /** Values never to show wherever they appear, e.g. the admin token of the profile. */
  secrets?: readonly string[];
  /** 'keep' for `--no-redact`; credentials are redacted either way. Default 'mask'. */
  psuData?: 'mask' | 'keep';
}

/** Per process: one run's reports and bundle share it, so a value has one token in all of them. */
type PsuData = 'mask' | 'keep';

const MASK_KEY = randomBytes(32);

function token(kind: string, value: string): string {
  return `[${kind}:${createHmac('sha256', MASK_KEY).update(value).digest('hex').slice(0, 8)}]`;
}

export function maskIban(iban: string): string {
  return iban.length <= 8 ? token('iban', iban) : `${iban.slice(0, 4)}…${iban.slice(-4)}`;
}

/** ISO 13616: country, check digits, up to 30 alphanumerics; upper case as banks send it. */
const IBAN = /\b[A-Z]{2}\d{2}[A-Z0-9]{11,30}\b/g;
/** Norwegian national identity and D-numbers (11 digits), the sandbox login and X-PSU-IDENTITY. */
const IDENTITY_NUMBER = /(?<![\d.,-])\b\d{11}\b(?![.,]\d)/g;
/** PSU headers as lines of a signing string or of a header dump in a note. */
const PSU_HEADER_LINE = /^(psu-id|psu-corporate-id|x-psu-identity)(\s*:\s*)(.+)$/gim;
/** The §6.1 redirect's psu-id and JSON members naming a PSU. */
const PSU_ID_PARAM = /([?&#](?:psu[-_]?id|psu[-_]?corporate[-_]?id)=)([^&#\s"']+)/gi;
const PSU_ID_KEYS =
  /^(psu[-_]?id|psu[-_]?corporate[-_]?id|psu[-_]?identity|nationalIdentityNumber|ssn)$/i;
const NAME_KEYS =
  /^(ownerName|creditorName|debtorName|ultimateCreditor|ultimateDebtor|psuName|firstName|lastName|fullName)$/i;
const PSU_MEMBER =
  /("(psu[-_]?id|psu[-_]?corporate[-_]?id|psu[-_]?identity|nationalIdentityNumber|ssn|ownerName|creditorName|debtorName|ultimateCreditor|ultimateDebtor|psuName|firstName|lastName|fullName)"\s*:\s*")((?:[^"\\]|\\.)*)(")/gi;
const PSU_HEADERS = new Set(['psu-id', 'psu-corporate-id', 'x-psu-identity']);
/** Base64 and certificates where an IBAN-like run of letters would be a false match. */
const UNMASKED_HEADERS = new Set(['signature', 'digest', 'tpp-signature-certificate']);

function isPsuKey(key: string): boolean {
  return PSU_ID_KEYS.test(key) || NAME_KEYS.test(key);
}

function keyKind(key: string): string {
  return NAME_KEYS.test(key) ? 'name' : /identity|ssn/i.test(key) ? 'id-number' : 'psu-id';
}

export function maskPsuText(text: string): string {
  return text
    .replace(PSU_MEMBER, (_m, open: string, key: string, value: string, close: string) =>
      value === '' ? `${open}${close}` : `${open}${token(keyKind(key), value)}${close}`,
    )
    .replace(
      PSU_HEADER_LINE,
      (_m, name: string, sep: string, value: string) =>
        `${name}${sep}${token(name.toLowerCase() === 'x-psu-identity' ? 'id-number' : 'psu-id', value.trim())}`,
    )
    .replace(
      PSU_ID_PARAM,
      (_m, name: string, value: string) => `${name}${token('psu-id', decodeURIComponent(value))}`,
    )
    .replace(IBAN, (iban) => maskIban(iban))
    .replace(IDENTITY_NUMBER, (id) => token('id-number', id));
}

/** Headers whose whole value is a credential: the value goes, the scheme stays. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'x-admin-token']);

const PRIVATE_KEY = /-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY-----[\s\S]*?-----END \1PRIVATE KEY-----/g;
/** RFC 6750 bearer tokens in any text (a header echoed in a body, a log line). */
const BEARER = /\b(Bearer)\s+[A-Za-z0-9\-._~+/]+=*/gi;
/** OAuth 2.0 tokens and passwords as JSON members or form fields (RFC 6749 §5.1, §4.3.2). */
const TOKEN_MEMBER =
  /("(?:access_token|refresh_token|id_token|client_secret|password)"\s*:\s*")[^"]*(")/gi;
const TOKEN_FIELD = /\b((?:access_token|refresh_token|id_token|client_secret|password)=)[^&\s]+/gi;

export function redactText(
  text: string,
  secrets: readonly string[] = [],
  psuData: 'mask' | 'keep' = 'mask',
): string {
  let out = (psuData === 'mask' ? maskPsuText(text) : text)
    .replace(PRIVATE_KEY, `-----BEGIN $1PRIVATE KEY-----\n${REDACTED}\n-----END $1PRIVATE KEY-----`)
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(TOKEN_MEMBER, `$1${REDACTED}$2`)
    .replace(TOKEN_FIELD, `$1${REDACTED}`);
  for (const secret of secrets) if (secret.length >= 8) out = out.split(secret).join(REDACTED);
  return out;
}

/** `a=1; b=2` → `a=[redacted]; b=[redacted]`: which cookies were sent, not their values. */
function redactCookie(value: string): string {
  return value
    .split(';')
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? pair : `${pair.slice(0, at)}=${REDACTED}`;
    })
    .join(';');
}

/** `sid=abc; Path=/; HttpOnly` → `sid=[redacted]; Path=/; HttpOnly`: the attributes stay. */
function redactSetCookie(value: string): string {
  const [first = '', ...attributes] = value.split(';');
  const at = first.indexOf('=');
  return [at < 0 ? first : `${first.slice(0, at)}=${REDACTED}`, ...attributes].join(';');
}

function redactHeaders(
  headers: Record<string, string>,
  secrets: readonly string[],
  psu: PsuData,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => {
      const lower = name.toLowerCase();
      if (CREDENTIAL_HEADERS.has(lower)) {
        const scheme = /^(\S+)\s+\S/.exec(value)?.[1];
        return [name, scheme ? `${scheme} ${REDACTED}` : REDACTED];
      }
      if (lower === 'cookie') return [name, redactCookie(value)];
      if (lower === 'set-cookie') return [name, value.split('\n').map(redactSetCookie).join('\n')];
      if (psu === 'mask' && PSU_HEADERS.has(lower))
        return [name, token(lower === 'x-psu-identity' ? 'id-number' : 'psu-id', value)];
      return [name, redactText(value, secrets, UNMASKED_HEADERS.has(lower) ? 'keep' : psu)];
    }),
  );
}

function redactJson(value: unknown, secrets: readonly string[], psu: PsuData): unknown {
  if (typeof value === 'string') return redactText(value, secrets, psu);
  if (Array.isArray(value)) return value.map((item) => redactJson(item, secrets, psu));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        /^(access_token|refresh_token|id_token|client_secret|password)$/i.test(key) &&
        typeof item === 'string'
          ? REDACTED
          : psu === 'mask' && typeof item === 'string' && item !== '' && isPsuKey(key)
            ? token(keyKind(key), item)
            : redactJson(item, secrets, psu),
      ]),
    );
  return value;
}

export function redactExchange(
  exchange: EvidenceExchange,
  secrets: readonly string[] = [],
  psu: PsuData = 'mask',
): EvidenceExchange {
  const { request, response } = exchange;
  return {
    ...exchange,
    request: {
      ...request,
      url: redactText(request.url, secrets, psu),
      headers: redactHeaders(request.headers, secrets, psu),
      ...(request.body !== undefined ? { body: redactText(request.body, secrets, psu) } : {}),
    },
    ...(exchange.signingString !== undefined
      ? { signingString: redactText(exchange.signingString, secrets, psu) }
      : {}),
    ...(response
      ? {
          response: {
            ...response,
            headers: redactHeaders(response.headers, secrets, psu),
            body: redactText(response.body, secrets, psu),
            ...(response.json !== undefined
              ? { json: redactJson(response.json, secrets, psu) as typeof response.json }
              : {}),
          },
        }
      : {}),
  };
}

function redactItem(item: EvidenceItem, secrets: readonly string[], psu: PsuData): EvidenceItem {
  switch (item.kind) {
    case 'exchange':
      return { ...item, exchange: redactExchange(item.exchange, secrets, psu) };
    case 'note':
      return { ...item, text: redactText(item.text, secrets, psu) };
    case 'assertion':
      return {
        ...item,
        what: redactText(item.what, secrets, psu),
        ...(item.expected !== undefined
          ? { expected: redactJson(item.expected, secrets, psu) as typeof item.expected }
          : {}),
        ...(item.actual !== undefined
          ? { actual: redactJson(item.actual, secrets, psu) as typeof item.actual }
          : {}),
      };
    case 'screenshot':
      return { ...item, url: redactText(item.url, secrets, psu) };
  }
}

function presentCheck(check: CheckResult, options: PresentOptions): CheckResult {
  const secrets = options.secrets ?? [];
  const psu = options.psuData ?? 'mask';
  const failure = check.failure && {
    ...check.failure,
    message: redactText(check.failure.message, secrets, psu),
    ...(check.failure.actual !== undefined
      ? { actual: redactJson(check.failure.actual, secrets, psu) as typeof check.failure.actual }
      : {}),
  };
  const sections: SpecSection[] | undefined =
    check.status === 'FAIL' && options.describeRule
      ? check.rules.flatMap((rule) => {
          const section = options.describeRule!(rule)?.section;
          return section ? [{ rule, section }] : [];
        })
      : undefined;
  return {
    ...check,
    ...(failure ? { failure } : {}),
    warnings: check.warnings.map((warning) => redactText(warning, secrets, psu)),
    evidence: check.evidence.map((item) => redactItem(item, secrets, psu)),
    ...(sections && sections.length > 0 ? { specSections: sections } : {}),
  };
}

/** The result the reports are written from; the input is not modified. */
export function presentRunResult(result: RunResult, options: PresentOptions = {}): RunResult {
  return {
    ...result,
    ...(options.meta ? { meta: options.meta } : {}),
    checks: result.checks.map((check) => presentCheck(check, options)),
  };
}

/** The machine a run ran on, for the reports' metadata. */
export function machineInfo(): RunMetadata['machine'] {
  return {
    hostname: hostname(),
    platform: process.platform,
    arch: process.arch,
    node: process.version,
  };
}

/** "API 1.21.25 per §9", or what an older run result recorded. */
export function specRelease(spec: RunMetadata['spec']): string {
  if (spec.apiRelease !== undefined) return `API ${spec.apiRelease} per §9`;
  return spec.xs2aVersion !== undefined ? `XS2A ${spec.xs2aVersion}` : 'release not recorded';
}

/** The QSealC line of the metadata: subject and SHA-256 fingerprint. */
export function signingLine(meta: RunMetadata): string {
  if (meta.signingCertificate === undefined) return '(not recorded)';
  if (meta.signingCertificate === null) return '(none)';
  return `${meta.signingCertificate.subject} (SHA-256 ${meta.signingCertificate.sha256})`;
}
