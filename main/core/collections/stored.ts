/**
 * `collections.json`: the schema of the file and the migration of files written before folders
 * existed (`{ name, requests: [...] }` per collection), whose requests become the top level of the
 * same collection, each kept as it was. Pure.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { SCRIPT_PHASES, type Collection } from './model.js';
import { STATUS_EXPECTATION_PATTERN } from './assertions.js';

const Id = Type.String({ minLength: 1, maxLength: 100 });
const Name = Type.String({ minLength: 1, maxLength: 200 });
const Description = Type.Optional(Type.String({ maxLength: 100_000 }));
/** Scripts kept as text, never run (model.ts InertScript). */
const Scripts = Type.Optional(
  Type.Array(
    Type.Object(
      {
        phase: Type.Union(SCRIPT_PHASES.map((phase) => Type.Literal(phase))),
        text: Type.String({ maxLength: 1_000_000 }),
      },
      { additionalProperties: false },
    ),
    { maxItems: 100 },
  ),
);

const JsonPath = Type.String({ minLength: 1, maxLength: 500, pattern: '^\\$' });
/** What a run expects of the answer (assertions.ts RequestAssertion). */
const Assertions = Type.Optional(
  Type.Array(
    Type.Union([
      Type.Object(
        {
          kind: Type.Literal('status'),
          expected: Type.String({ pattern: STATUS_EXPECTATION_PATTERN }),
        },
        { additionalProperties: false },
      ),
      Type.Object(
        {
          kind: Type.Literal('json'),
          path: JsonPath,
          op: Type.Literal('equals'),
          value: Type.Unknown(),
        },
        { additionalProperties: false },
      ),
      Type.Object(
        { kind: Type.Literal('json'), path: JsonPath, op: Type.Literal('exists') },
        { additionalProperties: false },
      ),
    ]),
    { maxItems: 100 },
  ),
);

/** The file's schema, with the request schema of the contract (`ComposedRequestSchema`). */
export function collectionsFileSchema(requestSchema: TSchema): TSchema {
  const savedRequest = Type.Object(
    {
      kind: Type.Literal('request'),
      id: Id,
      name: Name,
      description: Description,
      operationId: Type.Optional(Type.String({ maxLength: 200 })),
      request: requestSchema,
      scripts: Scripts,
      assertions: Assertions,
      savedAt: Type.String(),
    },
    { additionalProperties: false },
  );
  const item = Type.Recursive((This) =>
    Type.Union([
      savedRequest,
      Type.Object(
        {
          kind: Type.Literal('folder'),
          id: Id,
          name: Name,
          description: Description,
          scripts: Scripts,
          items: Type.Array(This),
        },
        { additionalProperties: false },
      ),
    ]),
  );
  return Type.Array(
    Type.Object(
      {
        name: Type.String({ minLength: 1, maxLength: 100 }),
        description: Description,
        variables: Type.Array(
          Type.Object(
            {
              key: Type.String({ minLength: 1, maxLength: 200 }),
              value: Type.String(),
              secret: Type.Optional(Type.Literal(true)),
            },
            { additionalProperties: false },
          ),
        ),
        scripts: Scripts,
        items: Type.Array(item),
      },
      { additionalProperties: false },
    ),
  );
}

interface UnfoldedCollection {
  name: unknown;
  requests: unknown[];
}

function isUnfolded(value: unknown): value is UnfoldedCollection {
  return (
    typeof value === 'object' &&
    value !== null &&
    !('items' in value) &&
    Array.isArray((value as { requests?: unknown }).requests)
  );
}

/** The file's value with collections of the first format (no folders) in today's shape. */
export function migratedCollections(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((collection: unknown) =>
    isUnfolded(collection)
      ? {
          name: collection.name,
          variables: [],
          items: collection.requests.map((saved) =>
            typeof saved === 'object' && saved !== null ? { kind: 'request', ...saved } : saved,
          ),
        }
      : collection,
  );
}

export type StoredCollections = Collection[];
