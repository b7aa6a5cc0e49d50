/**
 * The examples of /openapi.json (main/core/bank/openapi/examples.ts, from the sandbox data as the
 * suites meet it): every operation of either mode has one for its request body and for each 2xx
 * answer with a body, and every example validates against the schema it illustrates, in the
 * document of each mode (Ajv over the whole document, so `$ref`s resolve into its components) and
 * with the bank's own validator on the route's schema (IBAN mod-97, §2.1 amounts).
 */
import type { TSchema } from '@sinclair/typebox';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  buildOpenApiDocument,
  type OpenApiDocument,
} from '../../../../main/core/bank/openapi/document.js';
import { OPENAPI_EXAMPLES } from '../../../../main/core/bank/openapi/examples.js';
import { BANK_ROUTES } from '../../../../main/core/bank/handlers/routes.js';
import { BANK_MODES } from '../../../../main/shared/mode.js';
import { SpecValidator } from '../../../../main/core/spec/validation.js';

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
const pointer = (...parts: string[]) =>
  parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

interface Media {
  schema?: unknown;
  example?: unknown;
}

/** Every media type object of the document with where it is, as a JSON pointer. */
function mediaObjects(document: OpenApiDocument) {
  const found: { at: string; what: string; media: Media; success: boolean }[] = [];
  for (const [path, item] of Object.entries(document.paths))
    for (const method of METHODS.filter((m) => item[m])) {
      const operation = item[method] as {
        operationId: string;
        requestBody?: { content: Record<string, Media> };
        responses: Record<string, { content?: Record<string, Media> }>;
      };
      const body = operation.requestBody?.content['application/json'];
      if (body)
        found.push({
          at: pointer('paths', path, method, 'requestBody', 'content', 'application/json'),
          what: `${operation.operationId} request`,
          media: body,
          success: true,
        });
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.['application/json'];
        if (media)
          found.push({
            at: pointer('paths', path, method, 'responses', status, 'content', 'application/json'),
            what: `${operation.operationId} ${status}`,
            media,
            success: Number(status) < 300,
          });
      }
    }
  return found;
}

function exampleProblems(document: OpenApiDocument): string[] {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi.json');
  const problems: string[] = [];
  for (const { at, what, media, success } of mediaObjects(document)) {
    if (media.example === undefined) {
      if (success) problems.push(`${what}: no example`);
      continue;
    }
    const validate = ajv.compile({ $ref: `openapi.json#/${at}/schema` });
    if (!validate(media.example)) problems.push(`${what}: ${ajv.errorsText(validate.errors)}`);
  }
  return problems;
}

describe('/openapi.json examples', () => {
  for (const mode of BANK_MODES)
    it(`${mode}: every request body and 2xx answer has one, and each validates`, () => {
      expect(exampleProblems(buildOpenApiDocument(BANK_ROUTES, { mode }))).toEqual([]);
    });

  it('the bank validator accepts every example (IBAN check digits, §2.1 amounts)', () => {
    const validator = new SpecValidator();
    const problems: string[] = [];
    for (const route of BANK_ROUTES) {
      const examples = OPENAPI_EXAMPLES[route.operationId];
      if (!examples) continue;
      const pairs: [string, unknown, unknown][] = Object.entries(route.responses).map(
        ([status, response]) => [
          `${route.operationId} ${status}`,
          response.schema,
          examples.responses[status],
        ],
      );
      if (route.body && 'schema' in route.body)
        pairs.push([`${route.operationId} request`, route.body.schema, examples.request]);
      for (const [what, schema, example] of pairs) {
        if (example === undefined || schema === undefined) continue;
        const result = validator.check(schema as TSchema, example);
        if (!result.ok) problems.push(`${what}: ${JSON.stringify(result.problems)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('reports an operation without an example and an example off its schema', () => {
    const document = buildOpenApiDocument(BANK_ROUTES, { mode: 'sandbox' });
    const created = (
      document.paths['/v1/consents']!.post!.responses as Record<
        string,
        { content: Record<string, Media> }
      >
    )['201']!.content['application/json']!;
    delete created.example;
    const status = (
      document.paths['/v1/consents/{consentId}/status']!.get!.responses as Record<
        string,
        { content: Record<string, Media> }
      >
    )['200']!.content['application/json']!;
    status.example = { consentStatus: 'nonsense' };
    const problems = exampleProblems(document);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toBe('createConsent 201: no example');
    expect(problems[1]).toMatch(/^getConsentStatus 200: /);
  });
});
