/**
 * /openapi.json as a consumer tool reads it: it passes
 * Redocly's recommended ruleset with no error and no warning (openapi-ruleset.ts lists the rules
 * turned off, with reasons), in both modes and with every option the running bank adds; every
 * signed operation names the §5.2 signature scheme; only standard formats; only used components;
 * every status the pipeline can answer documented.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BankDatabase } from '../../../../main/core/bank/store/bank-database.js';
import { createBank } from '../../../../main/core/bank/index.js';
import {
  buildOpenApiDocument,
  toOpenApiSchema,
  type OpenApiDocument,
} from '../../../../main/core/bank/openapi/document.js';
import { pipelineAnswers } from '../../../../main/core/bank/openapi/responses.js';
import { BANK_ROUTES } from '../../../../main/core/bank/handlers/routes.js';
import { BANK_MODES, type BankMode } from '../../../../main/shared/mode.js';
import { VirtualClock } from '../../../../main/core/clock.js';
import { problemLines, redoclyProblems } from '../openapi-ruleset.js';

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
const served = {} as Record<BankMode, OpenApiDocument>;

beforeAll(async () => {
  for (const mode of BANK_MODES) {
    const bank = createBank({ mode, clock: new VirtualClock() });
    const response = await bank.handle({
      method: 'GET',
      target: '/openapi.json',
      headers: {},
      body: Buffer.alloc(0),
    });
    expect(response.status).toBe(200);
    served[mode] = JSON.parse(response.body) as OpenApiDocument;
  }
});

function operations(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ path, method, operation })),
  );
}

/** Every `format` keyword anywhere in the document, with where it is. */
function formats(node: unknown, at: string, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item, i) => formats(item, `${at}/${i}`, found));
  else if (typeof node === 'object' && node !== null)
    for (const [key, value] of Object.entries(node)) {
      if (key === 'format' && typeof value === 'string') found.push(`${at}: ${value}`);
      else formats(value, `${at}/${key}`, found);
    }
  return found;
}

/** OpenAPI 3.0.3 §4.4 data type formats, and the JSON Schema formats generic tools know. */
const STANDARD_FORMATS = new Set([
  'int32',
  'int64',
  'float',
  'double',
  'byte',
  'binary',
  'date',
  'date-time',
  'password',
  'uri',
  'uuid',
  'email',
]);

describe("Redocly's recommended ruleset", () => {
  for (const mode of BANK_MODES)
    it(`the served ${mode} document: no error, no warning`, async () => {
      expect(problemLines(await redoclyProblems(served[mode]))).toEqual([]);
    });

  for (const mode of BANK_MODES)
    it(`${mode}, listening with mTLS, signed and durable answers: no error, no warning`, async () => {
      const document = buildOpenApiDocument(BANK_ROUTES, {
        mode,
        serverUrl: 'https://127.0.0.1:8443',
        signedResponses: true,
        durable: true,
        mutualTls: true,
      });
      expect(problemLines(await redoclyProblems(document))).toEqual([]);
    });

  it('fails an operation without security, an unused component and a tag without description', async () => {
    const document = structuredClone(served.sandbox);
    delete document.paths['/v1/consents']!.post!.security;
    document.components.schemas!.Unused = { type: 'string' };
    document.tags = [{ name: 'Sandbox' }, ...(document.tags as { name: string }[]).slice(1)];
    const rules = (await redoclyProblems(document)).map((problem) => problem.ruleId);
    expect(rules).toContain('security-defined');
    expect(rules).toContain('no-unused-components');
    expect(rules).toContain('tag-description');
  });
});

describe('security (§5.2, mTLS)', () => {
  for (const mode of BANK_MODES)
    it(`${mode}: every operation requires the Signature scheme`, () => {
      const scheme = served[mode].components.securitySchemes!.Signature as Record<string, unknown>;
      expect(scheme).toMatchObject({ type: 'apiKey', in: 'header', name: 'Signature' });
      expect(scheme.description).toMatch(/Digest/);
      expect(scheme.description).toMatch(/TPP-Signature-Certificate/);
      for (const { path, method, operation } of operations(served[mode]))
        expect(operation.security, `${method} ${path}`).toEqual([{ Signature: [] }]);
    });

  it('the unsigned meta routes and SCA pages are not in the document', () => {
    const paths = Object.keys(served.sandbox.paths);
    for (const route of BANK_ROUTES.filter((r) => !r.signed))
      expect(paths, route.path).not.toContain(route.path);
  });

  it('x-mutual-tls only when the listener demands a client certificate', () => {
    expect(served.production['x-mutual-tls']).toBeUndefined();
    const document = buildOpenApiDocument(BANK_ROUTES, { mode: 'production', mutualTls: true });
    expect(document['x-mutual-tls']).toMatchObject({ required: true });
    expect(JSON.stringify(document['x-mutual-tls'])).toMatch(/PSP_AI/);
  });
});

describe('formats and components', () => {
  for (const mode of BANK_MODES)
    it(`${mode}: only standard formats`, () => {
      expect(
        formats(served[mode], '#').filter((entry) => !STANDARD_FORMATS.has(entry.split(': ')[1]!)),
      ).toEqual([]);
    });

  it('iban and ip become a pattern or description with x-psd2-format', () => {
    expect(toOpenApiSchema({ type: 'string', format: 'iban' })).toEqual({
      type: 'string',
      pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$',
      'x-psd2-format': 'iban',
      description:
        'An IBAN (ISO 13616); the bank also checks its mod-97 check digits (x-psd2-format: iban).',
    });
    expect(toOpenApiSchema({ type: 'string', format: 'ip' })).toMatchObject({
      'x-psd2-format': 'ip',
    });
    expect(toOpenApiSchema({ type: 'string', format: 'ip' }).format).toBeUndefined();
  });

  it('every component is referenced', () => {
    const text = JSON.stringify(served.production.paths);
    const schemas = Object.keys(served.production.components.schemas!);
    // Components reached only through other components count as used too.
    const componentsText = JSON.stringify(served.production.components.schemas);
    for (const name of schemas)
      expect(
        text.includes(`"#/components/schemas/${name}"`) ||
          componentsText.includes(`"#/components/schemas/${name}"`),
        name,
      ).toBe(true);
  });
});

describe('statuses', () => {
  for (const mode of BANK_MODES)
    it(`${mode}: every status the pipeline can answer is documented on each operation`, () => {
      for (const route of BANK_ROUTES.filter((r) => !r.internal && r.modes.includes(mode))) {
        const documented = Object.keys(
          served[mode].paths[route.path]![route.method.toLowerCase()]!.responses as object,
        );
        const expected = [
          ...Object.keys(route.responses),
          ...[
            ...pipelineAnswers(route, { mode, signedResponses: false, durable: false }).keys(),
          ].map(String),
        ];
        expect(documented.sort(), `${route.method} ${route.path}`).toEqual(
          [...new Set(expected)].sort(),
        );
      }
    });

  it('POST /v1/consents documents 401 (the session stage) and 413 (the transport stage)', () => {
    const responses = served.sandbox.paths['/v1/consents']!.post!.responses as object;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['401', '413', '500']));
    expect(Object.keys(responses)).not.toContain('503');
    // Each pipeline answer has an example body with the §7.2 code of its stage.
    const unauthorised = (
      responses as Record<string, { content: Record<string, { example: unknown }> }>
    )['401']!.content['application/json']!.example;
    expect(unauthorised).toMatchObject({
      tppMessages: [{ category: 'ERROR', code: 'PSU_CREDENTIALS_INVALID' }],
    });
  });

  it('503 with Retry-After when the state is in a database file', () => {
    const document = buildOpenApiDocument(BANK_ROUTES, { mode: 'sandbox', durable: true });
    const responses = document.paths['/v1/consents']!.post!.responses as Record<
      string,
      { headers: Record<string, { required: boolean }> }
    >;
    expect(responses['503']!.headers['Retry-After']!.required).toBe(true);
  });

  it('Location and ASPSP-SCA-Approach on 201 of POST /v1/consents; Signature when signing', () => {
    const headersOf = (document: OpenApiDocument) =>
      (
        document.paths['/v1/consents']!.post!.responses as Record<
          string,
          { headers: Record<string, { required: boolean }> }
        >
      )['201']!.headers;
    expect(Object.keys(headersOf(served.sandbox)).sort()).toEqual([
      'ASPSP-SCA-Approach',
      'Location',
      'X-Request-ID',
    ]);
    const signing = buildOpenApiDocument(BANK_ROUTES, { mode: 'sandbox', signedResponses: true });
    expect(headersOf(signing).Signature!.required).toBe(true);
    expect(headersOf(signing).Digest!.required).toBe(true);
  });

  it('the bank documents what it adds: signed answers, and 503 with durable state', async () => {
    type Responses = Record<string, { headers: Record<string, { required: boolean }> }>;
    const createdOf = (document: OpenApiDocument) =>
      document.paths['/v1/consents']!.post!.responses as Responses;
    const signing = createBank({
      mode: 'sandbox',
      clock: new VirtualClock(),
      signResponse: (response) => response,
    });
    expect(createdOf(signing.openApiDocument())['201']!.headers.Signature?.required).toBe(true);
    const folder = mkdtempSync(join(tmpdir(), 'openapi-db-'));
    const database = await BankDatabase.open(join(folder, 'bank.db'));
    try {
      const durable = createBank({ mode: 'sandbox', clock: new VirtualClock(), database });
      expect(Object.keys(createdOf(durable.openApiDocument()))).toContain('503');
    } finally {
      database.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
