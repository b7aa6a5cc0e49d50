/**
 * Route stage: request target → route definition and path parameters. Production mode knows no
 * `/sandbox/` path at all (§4.3); a known path with another method answers 405.
 */
import { TRANSPORT_STATUS, bankError } from '../../spec/errors.js';
import { headerRule } from '../../spec/headers.js';
import { faultActive } from '../faults/index.js';
import { reject } from '../http/refusal.js';
import type { BankMode } from '../../../shared/mode.js';
import type { RouteDefinition, Stage } from '../context/request-context.js';

type Segment = { literal: string } | { parameter: string };

export interface CompiledRoute {
  definition: RouteDefinition;
  segments: Segment[];
}

export function compileRoute(definition: RouteDefinition): CompiledRoute {
  // A misspelt header name would silently escape its format rule: refuse it when the bank is built.
  for (const key of [...definition.headers.required, ...definition.headers.optional])
    if (key !== key.toLowerCase() || !headerRule(key))
      throw new Error(`route ${definition.operationId}: unknown or not lower-case header '${key}'`);
  if (!definition.path.startsWith('/'))
    throw new Error(`route path must start with '/': ${definition.path}`);
  const segments = definition.path
    .slice(1)
    .split('/')
    .map((part): Segment => {
      const parameter = /^\{([A-Za-z0-9_-]+)\}$/.exec(part);
      return parameter ? { parameter: parameter[1]! } : { literal: part };
    });
  return { definition, segments };
}

/** Compiles routes and refuses two definitions with the same method and path shape. */
export function compileRoutes(definitions: readonly RouteDefinition[]): CompiledRoute[] {
  const seen = new Map<string, string>();
  return definitions.map((definition) => {
    const compiled = compileRoute(definition);
    const shape = compiled.segments.map((s) => ('literal' in s ? s.literal : '{}')).join('/');
    for (const mode of definition.modes) {
      const key = `${mode} ${definition.method} /${shape}`;
      const other = seen.get(key);
      if (other) throw new Error(`routes ${other} and ${definition.operationId} clash on ${key}`);
      seen.set(key, definition.operationId);
    }
    return compiled;
  });
}

function matchSegments(
  route: CompiledRoute,
  segments: readonly string[],
): Record<string, string> | undefined {
  if (route.segments.length !== segments.length) return undefined;
  // Matched first, the parameters taken after: every request is matched against the routes in
  // turn, and most of those it is tried against are not its own.
  for (let i = 0; i < segments.length; i++) {
    const expected = route.segments[i]!;
    const actual = segments[i]!;
    if ('literal' in expected ? expected.literal !== actual : actual === '') return undefined;
  }
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const expected = route.segments[i]!;
    if (!('literal' in expected)) params[expected.parameter] = segments[i]!;
  }
  return params;
}

export interface ParsedTarget {
  path: string;
  segments: string[];
  query: ReadonlyMap<string, readonly string[]>;
}

/** The query of a target without one (most GETs), and of a request not yet routed: shared. */
export const NO_QUERY: ReadonlyMap<string, readonly string[]> = new Map();

/** Splits an origin-form target; undefined when it is not one or its path is not valid %-encoding.
 * */
export function parseTarget(target: string): ParsedTarget | { error: string } {
  if (!target.startsWith('/')) return { error: 'request target must be a path (origin form)' };
  const queryAt = target.indexOf('?');
  const path = queryAt < 0 ? target : target.slice(0, queryAt);
  const queryText = queryAt < 0 ? '' : target.slice(queryAt + 1);
  const segments: string[] = [];
  for (const raw of path.slice(1).split('/')) {
    // Only a segment with a '%' has anything to decode (most have none; this runs per request).
    if (!raw.includes('%')) {
      segments.push(raw);
      continue;
    }
    try {
      segments.push(decodeURIComponent(raw));
    } catch {
      return { error: `path segment '${raw}' is not valid percent-encoding` };
    }
  }
  if (queryText === '') return { path, segments, query: NO_QUERY };
  const query = new Map<string, string[]>();
  for (const [name, value] of new URLSearchParams(queryText)) {
    const values = query.get(name);
    if (values) values.push(value);
    else query.set(name, [value]);
  }
  return { path, segments, query };
}

/** The route a request goes to in `mode`, if any (no faults, no 405): what kind it answers. */
export function routeOf(
  routes: readonly CompiledRoute[],
  mode: BankMode,
  method: string,
  target: string,
): RouteDefinition | undefined {
  const parsed = parseTarget(target);
  if ('error' in parsed) return undefined;
  return routes.find(
    (route) =>
      route.definition.modes.includes(mode) &&
      route.definition.method === method &&
      matchSegments(route, parsed.segments) !== undefined,
  )?.definition;
}

export function routeStage(routes: readonly CompiledRoute[], mode: BankMode): Stage {
  const available = routes.filter((route) => route.definition.modes.includes(mode));
  return (ctx) => {
    const { method, target } = ctx.request;
    const parsed = parseTarget(target);
    if ('error' in parsed) return reject('route.target', bankError('BAD_REQUEST', parsed.error));
    const notFound = () =>
      reject(
        'route.not-found',
        bankError('NOT_FOUND', `no endpoint ${method} ${parsed.path} in ${mode} mode`),
      );
    // §4.3: the sandbox management operations are not part of the production interface.
    if (mode === 'production' && parsed.segments.includes('sandbox'))
      return faultActive(ctx, 'SANDBOX-NOT-IN-PRODUCTION')
        ? reject(
            'fault.sandbox-in-production',
            bankError('FORBIDDEN', 'the sandbox is not available to this TPP'),
          )
        : notFound();
    const allowed: string[] = [];
    for (const route of available) {
      const params = matchSegments(route, parsed.segments);
      if (!params) continue;
      if (route.definition.method !== method) {
        allowed.push(route.definition.method);
        continue;
      }
      ctx.route = route.definition;
      ctx.pathParams = params;
      ctx.rawQuery = parsed.query;
      return ctx;
    }
    if (allowed.length > 0) {
      const allow = [...new Set(allowed)].join(', ');
      return reject(
        'route.method-not-allowed',
        bankError(
          'BAD_REQUEST',
          `method ${method} is not allowed on ${parsed.path}; allowed: ${allow}`,
          {
            status: TRANSPORT_STATUS.methodNotAllowed,
          },
        ),
        { allow },
      );
    }
    return notFound();
  };
}
