/**
 * §5.3(6): with app linking, the bank's app returns the PSU to the TPP's app through the
 * TPP-Redirect-URI, and "the TPP must publish the needed application-site bindings for the domain
 * of the redirect URI". No request shows that, so when the window closes the module fetches the
 * bindings from the origin of every redirect URI the app sent (site-binding-fetch.ts) and judges
 * them (site-binding-files.ts). The spec names no platform and "needed" depends on the platforms
 * the TPP's app runs on, which the bank cannot know: one valid binding of the redirect URI's path
 * is enough, and every file published must be one the platform would take.
 */
import { headerLookup } from '../../../signature/index.js';
import type { ModuleInspection, PlanModule } from '../model.js';
import {
  FETCH_TIMEOUT_MS,
  bindingOrigin,
  fetchBindingFile,
  type FetchOutcome,
} from './site-binding-fetch.js';
import {
  BINDING_FILES,
  judgeBindingFile,
  type BindingPlatform,
  type FileJudgement,
} from './site-binding-files.js';
import { firstMissing, tppRequests } from './window.js';
import type { Observation } from '../../log/tpp-findings/recorder.js';

/** Origins one verdict fetches from, at most: each costs two bounded fetches. */
export const MAX_ORIGINS = 4;

const RULE = 'TPP-APP-SITE-BINDINGS';

/** The distinct TPP-Redirect-URI values the app's requests carried, in the order first sent. */
export function redirectUris(observations: readonly Observation[]): string[] {
  const uris = tppRequests(observations)
    .map((observation) => headerLookup(observation.record.request.headers).get('tpp-redirect-uri'))
    .filter((uri): uri is string => uri !== undefined && uri !== '');
  return [...new Set(uris)];
}

type OriginVerdict = Omit<ModuleInspection, 'rule'>;

/** A failure to fetch, as what it says of the site: TLS and size are the site's own faults. */
function judgementOf(
  platform: BindingPlatform,
  outcome: FetchOutcome,
  paths: readonly { path: string; fragment: string }[],
): FileJudgement | { state: 'unreachable'; text: string } {
  if ('answer' in outcome) return judgeBindingFile(platform, outcome.answer, paths);
  if (outcome.failed === 'TLS' || outcome.failed === 'size')
    return { state: 'malformed', text: outcome.text };
  return { state: 'unreachable', text: outcome.text };
}

async function judgeOrigin(
  origin: URL,
  paths: readonly { path: string; fragment: string }[],
  timeoutMs: number,
): Promise<OriginVerdict> {
  const platforms = Object.keys(BINDING_FILES) as BindingPlatform[];
  const files = await Promise.all(
    platforms.map(async (platform) =>
      judgementOf(
        platform,
        await fetchBindingFile(origin, BINDING_FILES[platform], timeoutMs),
        paths,
      ),
    ),
  );
  const texts = (state: string) =>
    files.filter((file) => file.state === state).map((file) => file.text);
  const at = origin.origin;
  if (texts('malformed').length > 0)
    return {
      status: 'FAIL',
      text: `${at} publishes a binding the platform would refuse: ${texts('malformed').join('; ')}`,
    };
  if (texts('unreachable').length > 0)
    return {
      status: 'INCONCLUSIVE',
      text: `the workbench could not reach ${at}: ${texts('unreachable').join('; ')}`,
    };
  const valid = files.filter((file) => file.state === 'valid');
  if (valid.length === 0)
    return {
      status: 'FAIL',
      text: `${at} publishes neither binding: ${texts('absent').join('; ')}`,
    };
  const uncovered = paths
    .map((entry) => entry.path)
    .filter((path) => !valid.some((file) => file.covers.includes(path)));
  if (uncovered.length > 0)
    return {
      status: 'FAIL',
      text: `no binding at ${at} covers the redirect path ${uncovered.join(', ')}: ${valid.map((file) => file.text).join('; ')}`,
    };
  return { status: 'PASS', text: `${at}: ${valid.map((file) => file.text).join('; ')}` };
}

/** The bindings of every redirect URI sent: FAIL wins over INCONCLUSIVE over PASS. */
export async function judgeSiteBindings(
  uris: readonly string[],
  timeoutMs = FETCH_TIMEOUT_MS,
): Promise<ModuleInspection> {
  const verdicts: OriginVerdict[] = [];
  const byOrigin = new Map<string, { origin: URL; paths: { path: string; fragment: string }[] }>();
  for (const uri of uris) {
    const found = bindingOrigin(uri);
    if ('refused' in found) {
      verdicts.push({ status: 'FAIL', text: found.refused });
      continue;
    }
    const url = new URL(uri);
    const entry = byOrigin.get(found.origin.href) ?? { origin: found.origin, paths: [] };
    if (!entry.paths.some((known) => known.path === url.pathname))
      entry.paths.push({ path: url.pathname, fragment: url.hash.replace(/^#/, '') });
    byOrigin.set(found.origin.href, entry);
  }
  const origins = [...byOrigin.values()];
  verdicts.push(
    ...(await Promise.all(
      origins
        .slice(0, MAX_ORIGINS)
        .map(({ origin, paths }) => judgeOrigin(origin, paths, timeoutMs)),
    )),
  );
  const skipped =
    origins.length > MAX_ORIGINS
      ? ` (judged the first ${MAX_ORIGINS} of ${origins.length} redirect origins)`
      : '';
  for (const status of ['FAIL', 'INCONCLUSIVE'] as const) {
    const worst = verdicts.filter((verdict) => verdict.status === status);
    if (worst.length > 0)
      return { rule: RULE, status, text: worst.map((v) => v.text).join('; ') + skipped };
  }
  return { rule: RULE, status: 'PASS', text: verdicts.map((v) => v.text).join('; ') + skipped };
}

export const APP_SITE_BINDINGS: PlanModule = {
  id: 'APP-SITE-BINDINGS',
  title: 'Publishes the app-site bindings of its redirect URI’s domain (§5.3(6))',
  section: '§5.3(6)',
  rules: [RULE],
  instruction:
    'In your mobile app, start a consent, so that the bank sees the TPP-Redirect-URI your app sends, then finish the module. The workbench then fetches /.well-known/apple-app-site-association and /.well-known/assetlinks.json from that URI’s origin (over https, no redirect followed, a few seconds at most) and checks that they bind your app to the redirect URI’s path. A TPP with no mobile app skips this module.',
  missing({ observations }) {
    return firstMissing(
      [tppRequests(observations).length === 0, 'the app sent no request while the module ran'],
      [
        redirectUris(observations).length === 0,
        'no request carried a TPP-Redirect-URI, so there is no domain to look at (start a consent)',
      ],
    );
  },
  inspect: ({ observations }) => judgeSiteBindings(redirectUris(observations)),
};
