/**
 * /openapi.json is complete and well formed:
 * - every Berlin Group 1.3.8 operation is served, or listed in BERLIN_GROUP_NOT_ADOPTED with the
 *   section that leaves it out, and that list names only real operations the bank does not serve;
 * - every operation the bank routes (routes.ts) is in the document of its mode, and vice versa;
 * - the served document passes the structural linter (main/core/spec/openapi-lint.ts), and the
 *   linter does report a broken $ref, a missing operationId, and the rest.
 *
 * The Berlin Group YAML is read by a line reader, not a YAML package: under the top-level `paths:`
 * key, a path is a key indented by 2 starting with `/`, and an operation is one of the HTTP method
 * keys indented by 4 below it. That is the layout of the whole file (CRLF line endings); a check
 * below pins the count of operations so a reader that silently lost some would fail.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createBank, type Bank } from '../../../main/core/bank/index.js';
import {
  buildOpenApiDocument,
  type OpenApiDocument,
} from '../../../main/core/bank/openapi/document.js';
import { BANK_ROUTES } from '../../../main/core/bank/handlers/routes.js';
import type { BankMode } from '../../../main/shared/mode.js';
import { VirtualClock } from '../../../main/core/clock.js';
import { BERLIN_GROUP_NOT_ADOPTED } from '../../../main/core/spec/berlin-group-operations.js';
import { PAYMENT_SERVICES } from '../../../main/core/spec/enums.js';
import { lintOpenApiDocument } from '../../../main/core/spec/openapi-lint.js';
import { berlinGroupOpenApiText } from '../spec/specText.js';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']);

interface Operation {
  method: string;
  path: string;
}
const key = (operation: Operation) => `${operation.method.toUpperCase()} ${operation.path}`;

/** The operations under `paths:` of the Berlin Group YAML, by the layout described above. */
function berlinGroupOperations(text: string): Operation[] {
  const operations: Operation[] = [];
  let inPaths = false;
  let path: string | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '').replace(/\s+$/, '');
    if (line === '' || line.trimStart().startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    if (indent === 0) {
      inPaths = line === 'paths:';
      path = undefined;
      continue;
    }
    if (!inPaths) continue;
    const keyMatch = /^\s*(["']?)([^"':]+(?::[^"':]+)*)\1:$/.exec(line);
    if (indent === 2 && keyMatch && keyMatch[2]!.startsWith('/')) path = keyMatch[2]!;
    else if (indent === 4 && path && keyMatch && METHODS.has(keyMatch[2]!))
      operations.push({ method: keyMatch[2]!.toUpperCase(), path });
  }
  return operations;
}

/**
 * The bank's concrete paths for a Berlin Group template: decisions.md "Paths" serves
 * `{payment-service}` as its three values (payments, bulk-payments, periodic-payments).
 */
function servedPathsFor(template: string): string[] {
  if (!template.includes('{payment-service}')) return [template];
  return PAYMENT_SERVICES.map((service) => template.replace('{payment-service}', service));
}

function documentOperations(document: OpenApiDocument): Set<string> {
  const operations = new Set<string>();
  for (const [path, item] of Object.entries(document.paths))
    for (const method of Object.keys(item))
      if (METHODS.has(method)) operations.add(key({ method, path }));
  return operations;
}

/**
 * Berlin Group operations neither served (in any mode) nor listed as not adopted, and listed ones
 * that are served after all: both must be empty.
 */
function coverageProblems(served: Set<string>, bg: Operation[]): string[] {
  const notAdopted = new Set(BERLIN_GROUP_NOT_ADOPTED.map(key));
  const problems: string[] = [];
  for (const operation of bg) {
    const concrete = servedPathsFor(operation.path).map((path) =>
      key({ method: operation.method, path }),
    );
    const missing = concrete.filter((entry) => !served.has(entry));
    if (notAdopted.has(key(operation))) {
      if (missing.length < concrete.length)
        problems.push(`${key(operation)} is listed as not adopted but is served`);
    } else if (missing.length > 0)
      problems.push(`${key(operation)} is neither served nor listed as not adopted: ${missing}`);
  }
  return problems;
}

const bgOperations = berlinGroupOperations(berlinGroupOpenApiText);
const banks = {} as Record<BankMode, Bank>;
const served = {} as Record<BankMode, OpenApiDocument>;

beforeAll(async () => {
  for (const mode of ['sandbox', 'production'] as const) {
    banks[mode] = createBank({ mode, clock: new VirtualClock() });
    const response = await banks[mode].handle({
      method: 'GET',
      target: '/openapi.json',
      headers: {},
      body: Buffer.alloc(0),
    });
    expect(response.status).toBe(200);
    served[mode] = JSON.parse(Buffer.from(response.body).toString('utf8')) as OpenApiDocument;
  }
});

const servedInAnyMode = () =>
  new Set([...documentOperations(served.sandbox), ...documentOperations(served.production)]);

describe('Berlin Group 1.3.8 operations', () => {
  it('the line reader finds all 38 operations of the YAML', () => {
    // 38 = the operationIds in the file (grep -c "operationId:" gives the same).
    expect(bgOperations).toHaveLength(38);
    expect(berlinGroupOpenApiText.match(/^\s+operationId:/gm)).toHaveLength(38);
    expect(bgOperations).toContainEqual({ method: 'GET', path: '/v1/card-accounts' });
    expect(bgOperations).toContainEqual({
      method: 'PUT',
      path: '/v1/signing-baskets/{basketId}/authorisations/{authorisationId}',
    });
  });

  it('every one is served or listed as not adopted with a cited reason', () => {
    expect(coverageProblems(servedInAnyMode(), bgOperations)).toEqual([]);
  });

  it('the not-adopted list names only Berlin Group operations, once each, each with a section', () => {
    const bg = new Set(bgOperations.map(key));
    const listed = BERLIN_GROUP_NOT_ADOPTED.map(key);
    expect(listed.filter((entry) => !bg.has(entry))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
    for (const entry of BERLIN_GROUP_NOT_ADOPTED)
      expect(entry.reason, key(entry)).toMatch(/§\d|decisions\.md/);
  });

  it('adopted operations are in the production document unless sandbox-only', () => {
    // decisions.md "Paths": payment delete is the one sandbox-only Berlin Group operation.
    const production = documentOperations(served.production);
    const notAdopted = new Set(BERLIN_GROUP_NOT_ADOPTED.map(key));
    const missing = bgOperations
      .filter((operation) => !notAdopted.has(key(operation)))
      .flatMap((operation) =>
        servedPathsFor(operation.path).map((path) => key({ method: operation.method, path })),
      )
      .filter((entry) => !production.has(entry));
    expect(missing).toEqual(
      PAYMENT_SERVICES.map((service) => `DELETE /v1/${service}/{payment-product}/{paymentId}`),
    );
  });

  it('the document publishes the not-adopted list', () => {
    expect(served.production['x-berlin-group-not-adopted']).toEqual(BERLIN_GROUP_NOT_ADOPTED);
  });

  it('fails when a route is dropped from the bank', () => {
    const dropped = BANK_ROUTES.filter((route) => route.operationId !== 'getCardAccountList');
    const document = buildOpenApiDocument(dropped, { mode: 'sandbox' });
    expect(coverageProblems(documentOperations(document), bgOperations)).toEqual([
      'GET /v1/card-accounts is neither served nor listed as not adopted: GET /v1/card-accounts',
    ]);
  });
});

describe('routes and /openapi.json agree', () => {
  for (const mode of ['sandbox', 'production'] as const)
    it(`${mode}: every routed operation is documented and every documented one routed`, () => {
      const routed = new Set(
        BANK_ROUTES.filter((route) => !route.internal && route.modes.includes(mode)).map(key),
      );
      const documented = documentOperations(served[mode]);
      expect([...routed].filter((entry) => !documented.has(entry))).toEqual([]);
      expect([...documented].filter((entry) => !routed.has(entry))).toEqual([]);
      // Each documented operation carries the route's operationId.
      for (const route of BANK_ROUTES.filter((r) => !r.internal && r.modes.includes(mode)))
        expect(served[mode].paths[route.path]![route.method.toLowerCase()]!.operationId).toBe(
          route.operationId,
        );
    });
});

describe('structural linter', () => {
  for (const mode of ['sandbox', 'production'] as const)
    it(`passes the served ${mode} document`, () => {
      expect(lintOpenApiDocument(served[mode])).toEqual([]);
    });

  const copy = (): OpenApiDocument => structuredClone(served.sandbox);
  const operation = (document: OpenApiDocument, path: string, method = 'get') =>
    document.paths[path]![method]!;

  it('reports a $ref that does not resolve, and one outside the document', () => {
    const document = copy();
    delete document.components.schemas!.ErrorResponse;
    const problems = lintOpenApiDocument(document);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.includes('#/components/schemas/ErrorResponse'))).toBe(true);

    const external = copy();
    operation(external, '/v1/accounts').responses = {
      200: { description: 'x', content: { 'application/json': { schema: { $ref: 'a.yaml#/X' } } } },
    };
    expect(lintOpenApiDocument(external)).toEqual([
      '$.paths./v1/accounts.get.responses.200.content.application/json.schema: $ref a.yaml#/X points outside the document (it must be self-contained)',
    ]);
  });

  it('reports missing and duplicate operationIds, and missing responses', () => {
    const document = copy();
    delete operation(document, '/v1/accounts').operationId;
    operation(document, '/v1/accounts/{account-id}').operationId = 'getBalances';
    operation(document, '/v1/card-accounts').responses = {};
    expect(lintOpenApiDocument(document)).toEqual([
      'GET /v1/accounts: no operationId',
      'GET /v1/accounts/{account-id}/balances: operationId getBalances is also used by GET /v1/accounts/{account-id}',
      'GET /v1/card-accounts: no responses',
    ]);
  });

  it('reports path template parameters not declared, and parameters without schema', () => {
    const document = copy();
    const read = operation(document, '/v1/accounts/{account-id}');
    const parameters = read.parameters as Record<string, unknown>[];
    read.parameters = parameters.filter((p) => p.name !== 'account-id');
    const status = operation(document, '/v1/consents/{consentId}/status');
    delete (status.parameters as Record<string, unknown>[])[0]!.schema;
    expect(lintOpenApiDocument(document)).toEqual([
      'GET /v1/accounts/{account-id}: path parameter {account-id} is not declared',
      'GET /v1/consents/{consentId}/status parameter 0 (consentId): no schema',
    ]);
  });

  it('reports undeclared tags, a bad version and missing info', () => {
    const document = copy();
    document.tags = (document.tags as { name: string }[]).filter(
      (t) => t.name !== 'Consents (AIS)',
    );
    document.openapi = '2.0';
    document.info = { title: 'x' };
    const problems = lintOpenApiDocument(document);
    expect(problems).toContain('openapi: "2.0" is not an OpenAPI 3.x version');
    expect(problems).toContain('info.version: missing');
    expect(problems).toContain(
      'POST /v1/consents: tag Consents (AIS) is not declared in the top-level tags',
    );
  });
});
