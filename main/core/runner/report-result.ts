/**
 * The run result as the report files show it: the run's metadata attached, the spec sections of
 * every failed check's rules, and secrets redacted from the evidence. Reports leave the machine
 * (CI artefacts, mails to the bank, evidence bundles), so a bearer token, a session cookie, the
 * admin token or a private key must never be in them. Signatures and certificates stay: they are
 * the evidence of §5 (what was signed, with which QSealC) and are public by design.
 */
import { hostname } from 'node:os';
import type { EvidenceExchange } from '../../shared/exchange.js';
import type {
  CheckResult,
  EvidenceItem,
  RunMetadata,
  RunResult,
  SpecSection,
} from '../../shared/run-result.js';

export const REDACTED = '[redacted]';

export interface PresentOptions {
  meta?: RunMetadata;
  /** The catalogue's description of a rule id (suites/catalogue.ts describeRule). */
  describeRule?(ruleId: string): { section: string } | undefined;
  /** Values never to show wherever they appear, e.g. the admin token of the profile. */
  secrets?: readonly string[];
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

export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = text
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
      return [name, redactText(value, secrets)];
    }),
  );
}

function redactJson(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactJson(item, secrets));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        /^(access_token|refresh_token|id_token|client_secret|password)$/i.test(key) &&
        typeof item === 'string'
          ? REDACTED
          : redactJson(item, secrets),
      ]),
    );
  return value;
}

export function redactExchange(
  exchange: EvidenceExchange,
  secrets: readonly string[] = [],
): EvidenceExchange {
  const { request, response } = exchange;
  return {
    ...exchange,
    request: {
      ...request,
      url: redactText(request.url, secrets),
      headers: redactHeaders(request.headers, secrets),
      ...(request.body !== undefined ? { body: redactText(request.body, secrets) } : {}),
    },
    ...(exchange.signingString !== undefined
      ? { signingString: redactText(exchange.signingString, secrets) }
      : {}),
    ...(response
      ? {
          response: {
            ...response,
            headers: redactHeaders(response.headers, secrets),
            body: redactText(response.body, secrets),
            ...(response.json !== undefined
              ? { json: redactJson(response.json, secrets) as typeof response.json }
              : {}),
          },
        }
      : {}),
  };
}

function redactItem(item: EvidenceItem, secrets: readonly string[]): EvidenceItem {
  switch (item.kind) {
    case 'exchange':
      return { ...item, exchange: redactExchange(item.exchange, secrets) };
    case 'note':
      return { ...item, text: redactText(item.text, secrets) };
    case 'assertion':
      return {
        ...item,
        what: redactText(item.what, secrets),
        ...(item.expected !== undefined
          ? { expected: redactJson(item.expected, secrets) as typeof item.expected }
          : {}),
        ...(item.actual !== undefined
          ? { actual: redactJson(item.actual, secrets) as typeof item.actual }
          : {}),
      };
    case 'screenshot':
      return { ...item, url: redactText(item.url, secrets) };
  }
}

function presentCheck(check: CheckResult, options: PresentOptions): CheckResult {
  const secrets = options.secrets ?? [];
  const failure = check.failure && {
    ...check.failure,
    message: redactText(check.failure.message, secrets),
    ...(check.failure.actual !== undefined
      ? { actual: redactJson(check.failure.actual, secrets) as typeof check.failure.actual }
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
    warnings: check.warnings.map((warning) => redactText(warning, secrets)),
    evidence: check.evidence.map((item) => redactItem(item, secrets)),
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
