/**
 * An example value made from an OpenAPI 3.0/3.1 Schema Object, for a request body the document
 * gives no example of: the schema's own example, default, enum or const where it has one, else a
 * value of its type (format-aware strings, numbers within their bounds, arrays of one item,
 * objects with their required properties first). Local `$ref`s (`#/components/...`) are followed
 * with a guard against cycles and a depth bound, since a document is untrusted input and schemas
 * may refer to themselves. Pure and deterministic: the same document gives the same body.
 */
import { isRecord, ownMap, ownValue } from './json-file.js';

type Json = Record<string, unknown>;

/** How deep a sample nests; deeper parts are left out (a property) or empty (an array item). */
const MAX_DEPTH = 8;
/** How many `$ref`s in a row are followed before a chain is taken as broken. */
const MAX_REF_CHAIN = 10;

/** Strings of a known `format`, valid for it, so a server's format checks accept the sample. */
const FORMAT_SAMPLES: Readonly<Record<string, string>> = {
  date: '2026-01-01',
  'date-time': '2026-01-01T00:00:00Z',
  uuid: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  email: 'user@example.com',
  uri: 'https://example.com/',
};

/** The target of a local `$ref` (`#/a/b`, JSON Pointer escapes read), else undefined. */
function pointerTarget(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let target: unknown = document;
  for (const part of ref.slice(2).split('/'))
    target = isRecord(target)
      ? ownValue(target, part.replace(/~1/g, '/').replace(/~0/g, '~'))
      : undefined;
  return target;
}

/**
 * `node` with its `$ref: '#/...'` followed inside the document (a chain of them too); a `$ref` to
 * another file, or one that leads nowhere, stays as it is.
 */
export function resolvedRef(document: Json, node: unknown, depth = 0): unknown {
  if (!isRecord(node) || typeof node.$ref !== 'string' || depth > MAX_REF_CHAIN) return node;
  if (!node.$ref.startsWith('#/')) return node;
  return resolvedRef(document, pointerTarget(document, node.$ref), depth + 1);
}

/** The value a schema names itself: const, example, the first of 3.1 `examples`, default, enum. */
function givenValue(schema: Json): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  return undefined;
}

/** The schema's type: 3.1 lists (`['string', 'null']`) give their first non-null one. */
function typeOf(schema: Json): string | undefined {
  const type = Array.isArray(schema.type)
    ? (schema.type as unknown[]).find((t) => t !== 'null')
    : schema.type;
  if (typeof type === 'string') return type;
  if (isRecord(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

function numberSample(schema: Json, integer: boolean): number {
  const step = integer ? 1 : 0.5;
  let value = 0;
  // 3.0 says exclusiveMinimum: true beside minimum; 3.1 gives exclusiveMinimum the bound itself.
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  if (min !== undefined && value <= min)
    value = schema.exclusiveMinimum === true ? min + step : min;
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum)
    value = schema.exclusiveMinimum + step;
  if (max !== undefined && value >= max)
    value = schema.exclusiveMaximum === true ? max - step : max;
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum)
    value = schema.exclusiveMaximum - step;
  return integer ? Math.ceil(value) : value;
}

function stringSample(schema: Json): string {
  const format = typeof schema.format === 'string' ? ownValue(FORMAT_SAMPLES, schema.format) : '';
  let value = format || 'string';
  if (typeof schema.minLength === 'number' && value.length < schema.minLength)
    value = value.padEnd(Math.min(schema.minLength, 1000), 'x');
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength)
    value = value.slice(0, Math.max(0, schema.maxLength));
  return value;
}

class Sampler {
  /** The `$ref`s on the way to the schema being sampled: meeting one again is a cycle. */
  private readonly onPath: string[] = [];

  constructor(private readonly document: Json) {}

  sample(node: unknown, depth: number): unknown {
    if (depth > MAX_DEPTH || !isRecord(node)) return undefined;
    const ref = typeof node.$ref === 'string' ? node.$ref : undefined;
    if (ref !== undefined) {
      if (this.onPath.includes(ref)) return undefined;
      this.onPath.push(ref);
      try {
        return this.sample(pointerTarget(this.document, ref), depth + 1);
      } finally {
        this.onPath.pop();
      }
    }
    const given = givenValue(node);
    if (given !== undefined) return given;
    for (const key of ['oneOf', 'anyOf'])
      if (Array.isArray(node[key]) && (node[key] as unknown[]).length > 0)
        return this.sample((node[key] as unknown[])[0], depth + 1);
    if (Array.isArray(node.allOf)) return this.merged(node, node.allOf as unknown[], depth);
    return this.ofType(node, depth);
  }

  /** allOf: each part's sample, objects merged into one (the schema's own properties too). */
  private merged(node: Json, parts: unknown[], depth: number): unknown {
    let result: unknown;
    const own = isRecord(node.properties) ? this.ofType(node, depth) : undefined;
    for (const part of [...parts.map((p) => this.sample(p, depth + 1)), own]) {
      if (part === undefined) continue;
      result = isRecord(result) && isRecord(part) ? Object.assign(ownMap(), result, part) : part;
    }
    return result;
  }

  private ofType(node: Json, depth: number): unknown {
    switch (typeOf(node)) {
      case 'object':
        return this.object(node, depth);
      case 'array': {
        const item = this.sample(node.items, depth + 1);
        return item === undefined ? [] : [item];
      }
      case 'string':
        return stringSample(node);
      case 'integer':
        return numberSample(node, true);
      case 'number':
        return numberSample(node, false);
      case 'boolean':
        return true;
      case 'null':
        return null;
      default:
        return undefined;
    }
  }

  /** Required properties first, then the others; readOnly ones are the server's, not sent. */
  private object(node: Json, depth: number): Json {
    const result = ownMap<unknown>();
    const properties = isRecord(node.properties) ? node.properties : {};
    const required = Array.isArray(node.required)
      ? node.required.filter((name): name is string => typeof name === 'string')
      : [];
    const names = [...new Set([...required, ...Object.keys(properties)])];
    for (const name of names) {
      const property = ownValue(properties, name);
      const target = resolvedRef(this.document, property);
      if (isRecord(target) && target.readOnly === true) continue;
      const value = this.sample(property, depth + 1);
      if (value !== undefined) result[name] = value;
    }
    return result;
  }
}

/**
 * A sample value of `schema` (a Schema Object or a `$ref` to one) in `document`, or undefined when
 * the schema says nothing to sample (`{}`, an external `$ref`, only a cycle).
 */
export function schemaSample(document: Json, schema: unknown): unknown {
  return new Sampler(document).sample(schema, 0);
}
