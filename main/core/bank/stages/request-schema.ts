/**
 * Request schema stage: query parameters, then the body. §1: payloads are JSON
 * in UTF-8, XML is not supported, and a character the downstream system cannot process (an emoji,
 * i.e. any character outside the Basic Multilingual Plane) answers 400.
 */
import type { TObject, TSchema } from '@sinclair/typebox';
import { SCHEMA_WAIVERS, faultActive } from '../faults/index.js';
import { nestsDeeperThan } from '../../../shared/json.js';
import { MAX_JSON_NESTING } from '../../spec/limits.js';
import { bankError } from '../../spec/errors.js';
import { problemText, type SchemaProblem, type SpecValidator } from '../../spec/validation.js';
import { reject } from '../http/refusal.js';
import type { RequestContext, Stage, StageResult } from '../context/request-context.js';

function unwaived(
  ctx: RequestContext,
  part: 'query' | 'body',
  problems: readonly SchemaProblem[],
): SchemaProblem[] {
  if (ctx.faults.size === 0) return [...problems];
  const where = { route: ctx.route!, part };
  // Schema faults (faults/index.ts): each lets some problems of the route's schema through.
  const active = [...SCHEMA_WAIVERS].filter(([ruleId]) => faultActive(ctx, ruleId));
  return problems.filter((problem) => !active.some(([, waives]) => waives(problem, where)));
}

/** Query values arrive as text; integers and booleans are converted before validation. */
function coerceQueryValue(schema: TSchema | undefined, value: string): unknown {
  const type = schema?.type;
  if (type === 'integer' || type === 'number') {
    return /^-?[0-9]+$/.test(value) || (type === 'number' && /^-?[0-9]*\.[0-9]+$/.test(value))
      ? Number(value)
      : value;
  }
  if (type === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  return value;
}

function checkQuery(ctx: RequestContext, schema: TObject, validator: SpecValidator): StageResult {
  const query: Record<string, unknown> = {};
  for (const [name, propertySchema] of Object.entries(schema.properties)) {
    const values = ctx.rawQuery.get(name);
    if (!values) continue;
    if (values.length > 1)
      return reject(
        `request-schema.query.duplicate.${name}`,
        bankError('FORMAT_ERROR', `query parameter ${name} is given ${values.length} times`, {
          path: name,
        }),
      );
    query[name] = coerceQueryValue(propertySchema, values[0]!);
  }
  const check = validator.check(schema, query);
  const problems = check.ok ? [] : unwaived(ctx, 'query', check.problems);
  if (problems.length > 0) {
    const required = problems.find((problem) => problem.keyword === 'required');
    if (required)
      return reject(
        `request-schema.query.required.${required.path}`,
        bankError('QUERY_PARAMETER_REQUIRED', `query parameter ${required.path} is required`, {
          path: required.path,
        }),
      );
    const [first] = problems;
    const text = problems.map((problem) => `query parameter ${problemText(problem)}`).join('; ');
    return reject(
      `request-schema.query.${first!.keyword}`,
      bankError('FORMAT_ERROR', text, { path: first!.path }),
    );
  }
  ctx.query = query;
  return ctx;
}

const XML_TYPES = /^(application|text)\/([a-z0-9.+-]*\+)?xml$/;

/** §4.1 Content-Type is optional; when given it must be JSON in UTF-8. */
function contentTypeProblem(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const [mediaType = '', ...parameters] = value.split(';').map((part) => part.trim());
  const type = mediaType.toLowerCase();
  if (XML_TYPES.test(type))
    return `Content-Type ${mediaType}: XML is not supported; payloads are JSON (§1)`;
  if (type !== 'application/json')
    return `Content-Type '${value}' is not supported; send application/json (§1)`;
  for (const parameter of parameters) {
    const [name = '', raw = ''] = parameter.split('=');
    const charset = raw.trim().replace(/^"|"$/g, '').toLowerCase();
    if (name.trim().toLowerCase() === 'charset' && charset !== 'utf-8' && charset !== 'utf8')
      return `Content-Type charset '${raw.trim()}' is not supported; payloads are UTF-8 (§1)`;
  }
  return undefined;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Path and code point of the first string (value or key) with a character outside the BMP, or
 * with a lone UTF-16 surrogate (JSON's `"\ud800"`: half of such a character, which no downstream
 * system can process either; its code point is the surrogate's).
 */
export function findAstralCharacter(
  value: unknown,
  path = '',
): { path: string; codePoint: number } | undefined {
  if (typeof value === 'string') {
    const at = value.search(/[\uD800-\uDFFF]/);
    return at < 0 ? undefined : { path, codePoint: value.codePointAt(at)! };
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findAstralCharacter(item, `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const at = path === '' ? key : `${path}.${key}`;
      const inKey = findAstralCharacter(key, at);
      if (inKey) return inKey;
      const found = findAstralCharacter(item, at);
      if (found) return found;
    }
  }
  return undefined;
}

function checkBody(ctx: RequestContext, validator: SpecValidator): StageResult {
  const route = ctx.route!;
  const bytes = ctx.request.body;
  const endpoint = `${route.method} ${route.path}`;
  if (!route.body) {
    return bytes.length === 0
      ? ctx
      : reject(
          'request-schema.body.unexpected',
          bankError('BAD_REQUEST', `${endpoint} takes no request body`),
        );
  }
  if (bytes.length === 0) {
    return 'ignored' in route.body
      ? ctx
      : reject(
          'request-schema.body.missing',
          bankError('FORMAT_ERROR', `${endpoint} needs a JSON request body`),
        );
  }
  // Fault: a bank that ignores what it does not read lets XML through where the body is ignored.
  if (
    faultActive(ctx, 'GEN-XML-NOT-SUPPORTED') &&
    'ignored' in route.body &&
    XML_TYPES.test((ctx.request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase())
  )
    return ctx;
  const typeProblem = faultActive(ctx, 'HDR-CONTENT-TYPE-ON-BODY')
    ? undefined
    : contentTypeProblem(ctx.request.headers['content-type']);
  if (typeProblem)
    return reject(
      'request-schema.body.content-type',
      bankError('FORMAT_ERROR', typeProblem, { path: 'Content-Type' }),
    );
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return reject(
      'request-schema.body.utf-8',
      bankError('FORMAT_ERROR', 'request body is not valid UTF-8 (§1: requests use UTF-8)'),
    );
  }
  if (nestsDeeperThan(text, MAX_JSON_NESTING))
    return reject(
      'request-schema.body.nesting',
      bankError(
        'FORMAT_ERROR',
        `request body nests arrays and objects deeper than ${MAX_JSON_NESTING} levels`,
      ),
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const xml = text.trimStart().startsWith('<') ? ' (XML is not supported, §1)' : '';
    return reject(
      'request-schema.body.json',
      bankError(
        'FORMAT_ERROR',
        `request body is not valid JSON${xml}: ${(error as Error).message}`,
      ),
    );
  }
  const astral = findAstralCharacter(parsed);
  if (astral && faultActive(ctx, 'ERR-UTF-8-UNPROCESSABLE-400'))
    return reject(
      'fault.downstream-character',
      bankError('SYSTEM_ERROR', 'the downstream system failed on a character of the request'),
    );
  if (astral) {
    const lone = astral.codePoint >= 0xd800 && astral.codePoint <= 0xdfff;
    const codePoint = `U+${astral.codePoint.toString(16).toUpperCase()}${lone ? ' (a lone UTF-16 surrogate, half a character)' : ''}`;
    return reject(
      'request-schema.body.unprocessable-character',
      bankError(
        'FORMAT_ERROR',
        `${astral.path || 'body'} contains ${codePoint}, a character the downstream system cannot process (§1, §7.3)`,
        astral.path ? { path: astral.path } : {},
      ),
    );
  }
  if ('schema' in route.body) {
    const check = validator.check(route.body.schema, parsed);
    const problems = check.ok ? [] : unwaived(ctx, 'body', check.problems);
    if (problems.length > 0) {
      const [first] = problems;
      return reject(
        `request-schema.body.${first!.keyword}`,
        bankError('FORMAT_ERROR', problems.slice(0, 5).map(problemText).join('; '), {
          path: first!.path,
        }),
      );
    }
  }
  ctx.body = parsed;
  return ctx;
}

export function requestSchemaStage(validator: SpecValidator): Stage {
  return (ctx) => {
    const route = ctx.route!;
    if (route.query) {
      const result = checkQuery(ctx, route.query, validator);
      if (result !== ctx) return result;
    }
    return checkBody(ctx, validator);
  };
}
