/** Where each header of a request came from, so the UI can tell the user's own from the rest. */
import type { Exchange } from '../../../shared/exchange.js';
import { sessionHeaders, type PsuSession } from '../../../core/tpp/psu-session.js';
import type { HeaderSource } from '../../contract/index.js';

/** Where each header of a prepared exchange came from, mirroring TppClient's merge order. */
export function sourcesOf(
  exchange: Exchange,
  requested: Record<string, string | null> | undefined,
  session: PsuSession,
  targetDefaults: Record<string, string>,
): Record<string, HeaderSource> {
  const lower = (names: Iterable<string>) => new Set([...names].map((n) => n.toLowerCase()));
  const fromRequest = lower(
    Object.entries(requested ?? {})
      .filter(([, value]) => value !== null)
      .map(([name]) => name),
  );
  const fromSession = lower(Object.keys(sessionHeaders(session)));
  const fromTarget = lower(Object.keys(targetDefaults));
  const sources: Record<string, HeaderSource> = {};
  for (const name of Object.keys(exchange.request.headers)) {
    const key = name.toLowerCase();
    sources[name] = fromRequest.has(key)
      ? 'request'
      : fromSession.has(key)
        ? 'session'
        : fromTarget.has(key)
          ? 'target'
          : 'generated';
  }
  return sources;
}
