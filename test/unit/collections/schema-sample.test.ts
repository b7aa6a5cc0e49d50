/**
 * Sample values of OpenAPI schemas (main/core/collections/schema-sample.ts), for the request bodies
 * of an imported document that gives no example: given values first, then one of each type,
 * local $refs followed, cycles and depth bounded.
 */
import { describe, expect, it } from 'vitest';
import { resolvedRef, schemaSample } from '../../../main/core/collections/schema-sample.js';

const sample = (schema: unknown, components: Record<string, unknown> = {}) =>
  schemaSample({ components: { schemas: components } }, schema);

describe('a schema that names its value', () => {
  it('gives its const, example, first of examples, default, then first enum value', () => {
    const all = { const: 'c', example: 'e', examples: ['x'], default: 'd', enum: ['n'] };
    expect(sample(all)).toBe('c');
    expect(sample({ ...all, const: undefined })).toBe('e');
    expect(sample({ ...all, const: undefined, example: undefined })).toBe('x');
    expect(sample({ type: 'string', default: 'd', enum: ['n'] })).toBe('d');
    expect(sample({ type: 'string', enum: ['n', 'm'] })).toBe('n');
    expect(sample({ type: 'boolean', example: false })).toBe(false);
  });
});

describe('a value of its type', () => {
  it('gives format-aware strings, within their lengths', () => {
    expect(sample({ type: 'string' })).toBe('string');
    expect(sample({ type: 'string', format: 'date' })).toBe('2026-01-01');
    expect(sample({ type: 'string', format: 'date-time' })).toBe('2026-01-01T00:00:00Z');
    expect(sample({ type: 'string', format: 'uuid' })).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(sample({ type: 'string', format: 'email' })).toBe('user@example.com');
    expect(new URL(sample({ type: 'string', format: 'uri' }) as string).protocol).toBe('https:');
    expect(sample({ type: 'string', format: 'toString' })).toBe('string');
    expect(sample({ type: 'string', minLength: 10 })).toBe('stringxxxx');
    expect(sample({ type: 'string', maxLength: 3 })).toBe('str');
  });

  it('gives numbers within minimum and maximum, 3.0 and 3.1 exclusive bounds alike', () => {
    expect(sample({ type: 'integer' })).toBe(0);
    expect(sample({ type: 'integer', minimum: 18, maximum: 130 })).toBe(18);
    expect(sample({ type: 'integer', minimum: 0, exclusiveMinimum: true })).toBe(1);
    expect(sample({ type: 'integer', exclusiveMinimum: 5 })).toBe(6);
    expect(sample({ type: 'number', maximum: -2 })).toBe(-2);
    expect(sample({ type: 'number', maximum: 0, exclusiveMaximum: true })).toBe(-0.5);
    expect(sample({ type: 'number', exclusiveMaximum: -1 })).toBe(-1.5);
    expect(sample({ type: 'number', minimum: 0.25 })).toBe(0.25);
  });

  it('gives booleans, null, an array of one item, and 3.1 type lists by their non-null type', () => {
    expect(sample({ type: 'boolean' })).toBe(true);
    expect(sample({ type: 'null' })).toBeNull();
    expect(sample({ type: 'array', items: { type: 'integer', minimum: 3 } })).toEqual([3]);
    expect(sample({ type: 'array' })).toEqual([]);
    expect(sample({ type: ['null', 'string'] })).toBe('string');
    expect(sample({})).toBeUndefined();
  });

  it('gives objects with required properties first, without readOnly ones', () => {
    const value = sample({
      type: 'object',
      required: ['b'],
      properties: {
        id: { type: 'string', readOnly: true },
        a: { type: 'integer' },
        b: { type: 'string' },
      },
    });
    expect(Object.keys(value as object)).toEqual(['b', 'a']);
  });

  it('takes the first of oneOf and anyOf, and merges allOf', () => {
    expect(sample({ oneOf: [{ type: 'integer' }, { type: 'string' }] })).toBe(0);
    expect(sample({ anyOf: [{ type: 'string' }, { type: 'integer' }] })).toBe('string');
    expect(
      sample(
        {
          allOf: [{ $ref: '#/components/schemas/A' }, { properties: { b: { type: 'boolean' } } }],
          properties: { c: { const: 1 } },
        },
        { A: { type: 'object', properties: { a: { type: 'string' } } } },
      ),
    ).toEqual({ a: 'string', b: true, c: 1 });
  });

  it('keeps a property named __proto__ as a property', () => {
    const value = sample({
      type: 'object',
      properties: JSON.parse('{"__proto__":{"type":"string"}}') as Record<string, unknown>,
    });
    expect(JSON.stringify(value)).toBe('{"__proto__":"string"}');
  });
});

describe('$refs', () => {
  it('follows local ones, and leaves external or dangling ones unsampled', () => {
    expect(
      sample(
        { $ref: '#/components/schemas/A' },
        { A: { $ref: '#/components/schemas/B' }, B: { type: 'integer' } },
      ),
    ).toBe(0);
    expect(sample({ $ref: 'other.yaml#/A' })).toBeUndefined();
    expect(sample({ $ref: '#/components/schemas/Missing' })).toBeUndefined();
    expect(sample({ $ref: '#/components/schemas/constructor' })).toBeUndefined();
  });

  it('stops a schema that holds itself where it comes back', () => {
    const node = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        next: { $ref: '#/components/schemas/Node' },
        children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
      },
    };
    expect(sample({ $ref: '#/components/schemas/Node' }, { Node: node })).toEqual({
      name: 'string',
      children: [],
    });
    // Two schemas that hold each other, and one that is only a $ref to itself.
    expect(
      sample(
        { $ref: '#/components/schemas/A' },
        {
          A: { type: 'object', properties: { b: { $ref: '#/components/schemas/B' } } },
          B: { type: 'object', properties: { a: { $ref: '#/components/schemas/A' } } },
        },
      ),
    ).toEqual({ b: {} });
    expect(
      sample({ $ref: '#/components/schemas/S' }, { S: { $ref: '#/components/schemas/S' } }),
    ).toBeUndefined();
    expect(resolvedRef({ s: { $ref: '#/s' } }, { $ref: '#/s' })).toEqual({ $ref: '#/s' });
  });

  it('bounds how deep a sample nests, without a cycle too', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 50; i += 1) schema = { type: 'object', properties: { x: schema } };
    const text = JSON.stringify(sample(schema));
    expect(text.split('"x"').length - 1).toBeLessThanOrEqual(8);
  });
});
