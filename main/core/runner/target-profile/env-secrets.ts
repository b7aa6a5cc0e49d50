/**
 * `${env:NAME}` in a profile's strings: secrets (passphrases, the admin token) stay out of the
 * file and come from the environment of the run. Every variable the profile names must be set; a
 * missing one is reported with its JSON path before the run starts, never sent as an empty value.
 *
 * `${env:NAME:-default}` is an override with a default, as in a shell: the variable when it is set
 * and not empty, else the default — so one profile serves a laptop (the default) and every CI
 * stage (`BANK_URL=https://… workbench run --target-file bank.json`).
 *
 * A value the environment gives is a secret of the run (`secrets`): the run redacts it wherever it
 * would show (reports, HAR, curl, bundle, events, logs). The fields that say where and what the
 * target is (PUBLIC_FIELDS) are the exception: every report names the target anyway. A default
 * written in the file is no secret.
 *
 * Who may name which variable is the caller's policy (`EnvPolicy`): the CLI reads a file its user
 * wrote and may name any; the services behind the UI name only WORKBENCH_PROFILE_* (SECURITY.md).
 */
import type { EnvPolicy } from '../../../shared/env-policy.js';

const REFERENCE = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** The JSON paths whose value from the environment is shown, not redacted. */
export const PUBLIC_FIELDS: ReadonlySet<string> = new Set([
  '/baseUrl',
  '/mode',
  '/name',
  '/admin/url',
]);

/**
 * What a shown field may take from the environment, so nothing secret can sit in it: every report,
 * the signed bundle (HAR, curl, manifest) and the reports' file names show these fields as they
 * are. The name takes nothing (it is the profile's own words); a URL takes a scheme, host, port and
 * path (a CI stage's bank), never userinfo, a query string or a fragment, where keys and tokens
 * ride. `mode` is one of its enum's words, checked by the schema.
 */
function publicFieldProblem(path: string, expanded: string): string | undefined {
  if (path === '/name')
    return `/name: takes no \${env:…}: the name shows in every report, the evidence bundle and the reports' file names; write it in the file`;
  if (path !== '/baseUrl' && path !== '/admin/url') return undefined;
  let url: URL;
  try {
    url = new URL(expanded);
  } catch {
    return undefined; // The schema names a value that is no URL.
  }
  const parts = [
    url.username || url.password ? 'userinfo' : '',
    url.search ? 'a query string' : '',
    url.hash ? 'a fragment' : '',
  ].filter(Boolean);
  if (parts.length === 0) return undefined;
  return `${path}: with \${env:…} it may take only a scheme, host, port and path, not ${parts.join(' or ')}: the URL shows in every report and the evidence bundle, so no key or token may sit in it`;
}

/** Which variables a profile may name (main/shared/env-policy.ts, shared with PSU steps). */
export type { EnvPolicy } from '../../../shared/env-policy.js';

export interface SecretExpansion<T> {
  value: T;
  /** `NAME at /json/path` for each variable that is not set. */
  missing: string[];
  /** `NAME at /json/path` for each variable the policy does not let the profile name. */
  refused: string[];
  /** The values the environment gave outside PUBLIC_FIELDS, each once. */
  secrets: string[];
  /** A PUBLIC_FIELDS value that took from the environment what it may not (publicFieldProblem). */
  problems: string[];
}

export function expandEnvSecrets<T>(
  value: T,
  env: Readonly<Record<string, string | undefined>>,
  policy?: EnvPolicy,
): SecretExpansion<T> {
  const missing: string[] = [];
  const refused: string[] = [];
  const secrets = new Set<string>();
  const problems: string[] = [];
  const walk = (node: unknown, path: string): unknown => {
    if (typeof node === 'string') {
      const expanded = expandString(node, path);
      const problem =
        PUBLIC_FIELDS.has(path) && node.search(REFERENCE) !== -1
          ? publicFieldProblem(path, expanded)
          : undefined;
      if (problem) problems.push(problem);
      return expanded;
    }
    if (Array.isArray(node)) return node.map((item, index) => walk(item, `${path}/${index}`));
    if (node !== null && typeof node === 'object')
      return Object.fromEntries(
        Object.entries(node).map(([key, item]) => [key, walk(item, `${path}/${key}`)]),
      );
    return node;
  };
  const expandString = (node: string, path: string): string =>
    node.replace(REFERENCE, (_whole, name: string, fallback: string | undefined) => {
      const at = path || '/';
      if (policy && !policy.mayName(name)) {
        refused.push(`${name} at ${at}`);
        return '';
      }
      const found = env[name];
      const given = fallback === undefined ? found !== undefined : !!found;
      if (given) {
        if (!PUBLIC_FIELDS.has(path)) secrets.add(found!);
        return found!;
      }
      if (fallback !== undefined) return fallback;
      missing.push(`${name} at ${at}`);
      return '';
    });
  return { value: walk(value, '') as T, missing, refused, secrets: [...secrets], problems };
}
