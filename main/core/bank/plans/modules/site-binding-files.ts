/**
 * §5.3(6): "The TPP must publish the needed application-site bindings for the domain of the
 * redirect URI." The spec names no platform, so the bindings are those the app-link technologies
 * read: Apple's associated domain file (`applinks`) and Android's Digital Asset Links statements.
 * These judges read one answer for one of the two files: whether the platform would take it (no
 * redirect, JSON served as application/json, the platform's shape) and which of the redirect
 * URI's paths it binds to an app.
 */

export type BindingPlatform = 'apple' | 'android';

/** Where each platform looks, at the origin of the redirect URI. */
export const BINDING_FILES: Record<BindingPlatform, string> = {
  apple: '/.well-known/apple-app-site-association',
  android: '/.well-known/assetlinks.json',
};

/** The HTTP answer for a file, as the fetch read it. */
export interface FileAnswer {
  status: number;
  contentType?: string;
  location?: string;
  body: string;
}

export type FileJudgement =
  | { state: 'absent'; text: string }
  | { state: 'malformed'; text: string }
  /** `covers`: the redirect URIs' paths some app is bound to. */
  | { state: 'valid'; covers: string[]; text: string };

const HANDLE_ALL_URLS = 'delegate_permission/common.handle_all_urls';
/** Team ID (10 characters), a dot, the bundle ID. */
const APP_ID = /^[A-Z0-9]{10}\.\S+$/;
const PACKAGE_NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$/;
/** SHA-256 as 32 colon-separated hex bytes. */
const FINGERPRINT = /^([0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2}$/;

class Shape extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function stringsAt(value: unknown, where: string, pattern?: RegExp): string[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
    throw new Shape(`${where} is not an array of strings`);
  const bad = pattern ? (value as string[]).find((item) => !pattern.test(item)) : undefined;
  if (bad !== undefined) throw new Shape(`${where} has '${bad}', not ${String(pattern)}`);
  return value as string[];
}

/** Apple's path pattern: `*` any run of characters, `?` one character, the rest literal. */
export function pathPatternMatches(pattern: string, path: string): boolean {
  const source = [...pattern]
    .map((char) =>
      char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`, 's').test(path);
}

/**
 * Whether an `applinks.details` entry binds `path`: by its `components` when it has them (the
 * first whose `/` matches decides; `exclude` unbinds), else by its `paths` (the first match
 * decides; `NOT ` unbinds). Query conditions (`?`) are not judged: the bank adds its own query
 * parameters to the redirect (§6.1), so the query the app will open is not the one it sent.
 */
function detailBinds(detail: Record<string, unknown>, path: string, fragment: string): boolean {
  if (Array.isArray(detail.components)) {
    for (const component of detail.components as Record<string, unknown>[]) {
      const pathPattern = typeof component['/'] === 'string' ? component['/'] : '*';
      const fragmentPattern = typeof component['#'] === 'string' ? component['#'] : '*';
      if (pathPatternMatches(pathPattern, path) && pathPatternMatches(fragmentPattern, fragment))
        return component.exclude !== true;
    }
    return false;
  }
  for (const pattern of (detail.paths as string[] | undefined) ?? []) {
    const excluded = pattern.startsWith('NOT ');
    if (pathPatternMatches(excluded ? pattern.slice(4) : pattern, path)) return !excluded;
  }
  return false;
}

function appleDetails(json: unknown): Record<string, unknown>[] | undefined {
  if (!isObject(json)) throw new Shape('the file is not a JSON object');
  if (json.applinks === undefined) return undefined;
  if (!isObject(json.applinks)) throw new Shape('applinks is not an object');
  const details = json.applinks.details;
  if (!Array.isArray(details)) throw new Shape('applinks.details is not an array');
  details.forEach((detail: unknown, index) => {
    const at = `applinks.details[${index}]`;
    if (!isObject(detail)) throw new Shape(`${at} is not an object`);
    if (detail.appIDs !== undefined) stringsAt(detail.appIDs, `${at}.appIDs`, APP_ID);
    else if (typeof detail.appID !== 'string' || !APP_ID.test(detail.appID))
      throw new Shape(`${at} has no appID or appIDs of the form TEAMID.bundle.id`);
    if (detail.paths !== undefined) stringsAt(detail.paths, `${at}.paths`);
    if (detail.components === undefined) return;
    if (!Array.isArray(detail.components)) throw new Shape(`${at}.components is not an array`);
    detail.components.forEach((component: unknown, which) => {
      const where = `${at}.components[${which}]`;
      if (!isObject(component)) throw new Shape(`${where} is not an object`);
      for (const key of ['/', '#'])
        if (component[key] !== undefined && typeof component[key] !== 'string')
          throw new Shape(`${where}["${key}"] is not a string`);
      if (component.exclude !== undefined && typeof component.exclude !== 'boolean')
        throw new Shape(`${where}.exclude is not a boolean`);
    });
  });
  return details as Record<string, unknown>[];
}

/** The statements binding an Android app to every URL of the site. */
function androidAppStatements(json: unknown): number {
  if (!Array.isArray(json)) throw new Shape('the file is not a JSON array of statements');
  let apps = 0;
  json.forEach((statement: unknown, index) => {
    const at = `[${index}]`;
    if (!isObject(statement)) throw new Shape(`${at} is not an object`);
    const relations = stringsAt(statement.relation, `${at}.relation`);
    const target = statement.target;
    if (!isObject(target) || typeof target.namespace !== 'string')
      throw new Shape(`${at}.target is not an object with a namespace`);
    if (target.namespace !== 'android_app') return;
    if (typeof target.package_name !== 'string' || !PACKAGE_NAME.test(target.package_name))
      throw new Shape(`${at}.target.package_name is not a package name`);
    const prints = stringsAt(
      target.sha256_cert_fingerprints,
      `${at}.target.sha256_cert_fingerprints`,
      FINGERPRINT,
    );
    if (prints.length === 0) throw new Shape(`${at}.target.sha256_cert_fingerprints is empty`);
    if (relations.includes(HANDLE_ALL_URLS)) apps++;
  });
  return apps;
}

/** The redirect URIs' `paths` (with their fragment) that the file's content binds. */
function covered(
  platform: BindingPlatform,
  json: unknown,
  paths: readonly { path: string; fragment: string }[],
): { covers: string[]; text: string } {
  if (platform === 'android') {
    const apps = androidAppStatements(json);
    // Android matches paths in the app's manifest: a statement binds the whole site.
    return apps > 0
      ? { covers: paths.map((entry) => entry.path), text: `${apps} app(s) handle all URLs` }
      : { covers: [], text: `no android_app statement with ${HANDLE_ALL_URLS}` };
  }
  const details = appleDetails(json);
  if (!details) return { covers: [], text: 'it has no applinks' };
  const covers = paths
    .filter(({ path, fragment }) => details.some((detail) => detailBinds(detail, path, fragment)))
    .map((entry) => entry.path);
  return {
    covers,
    text:
      covers.length > 0
        ? `applinks binds ${covers.join(', ')}`
        : `no applinks entry binds ${paths.map((entry) => entry.path).join(', ')}`,
  };
}

const MEDIA_TYPE = 'application/json';

/** One platform's file at one origin, judged for the redirect URIs' paths there. */
export function judgeBindingFile(
  platform: BindingPlatform,
  answer: FileAnswer,
  paths: readonly { path: string; fragment: string }[],
): FileJudgement {
  const file = BINDING_FILES[platform];
  if (answer.status >= 300 && answer.status < 400)
    return {
      state: 'malformed',
      text: `${file} answered ${answer.status} (a redirect${answer.location ? ` to ${answer.location}` : ''}): the platform does not follow redirects`,
    };
  if (answer.status !== 200)
    return { state: 'absent', text: `${file} answered status ${answer.status}` };
  const mediaType = answer.contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== MEDIA_TYPE)
    return {
      state: 'malformed',
      text: `${file} is served as ${answer.contentType ?? 'no content type'}, not ${MEDIA_TYPE}`,
    };
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch (error) {
    return { state: 'malformed', text: `${file} is not JSON: ${(error as Error).message}` };
  }
  try {
    const { covers, text } = covered(platform, json, paths);
    return { state: 'valid', covers, text: `${file}: ${text}` };
  } catch (error) {
    if (!(error instanceof Shape)) throw error;
    return { state: 'malformed', text: `${file} has the wrong shape: ${error.message}` };
  }
}
