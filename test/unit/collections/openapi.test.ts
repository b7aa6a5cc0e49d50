/**
 * A collection from an OpenAPI document (main/core/collections/openapi.ts): the bank's own
 * /openapi.json (one request per operation, folders by tag, path parameters as `{{name}}`, the
 * example bodies) and the Berlin Group 1.3.8 definition in docs/spec (read as JSON would give it); a document without paths or
 * not OpenAPI 3 is refused naming why.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BANK_ROUTES, buildOpenApiDocument } from '../../../main/core/bank/index.js';
import { requestsOf, walkItems } from '../../../main/core/collections/index.js';
import { importOpenApi, parsedOpenApiDocument } from '../../../main/core/collections/formats.js';
import { fixedContext, fixtureText, refusal } from './fixtures.js';

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

function operationsOf(document: { paths: Record<string, Record<string, unknown>> }) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({
        path,
        method,
        operation: operation as { operationId: string; tags: string[] },
      })),
  );
}

describe("the bank's /openapi.json", () => {
  const document = buildOpenApiDocument(BANK_ROUTES, { mode: 'sandbox' });
  const { collection, notes } = importOpenApi(document, fixedContext());

  it('makes one request per operation, in a folder per tag', () => {
    const operations = operationsOf(document);
    const requests = requestsOf(collection);
    expect(requests).toHaveLength(operations.length);
    expect(requests.map((r) => r.operationId).sort()).toEqual(
      operations.map((o) => o.operation.operationId).sort(),
    );
    const tags = [...new Set(operations.map((o) => o.operation.tags[0]))];
    expect(collection.items.map((i) => i.name).sort()).toEqual(tags.sort());
    for (const { item, parents } of walkItems(collection.items))
      if (item.kind === 'request') {
        const operation = operations.find((o) => o.operation.operationId === item.operationId)!;
        expect(parents.map((p) => p.name)).toEqual([operation.operation.tags[0]]);
      }
  });

  it('turns path parameters into {{variables}} and takes the example body', () => {
    const requests = requestsOf(collection);
    const transactions = requests.find((r) => r.operationId === 'getCardAccountTransactionList')!;
    expect(transactions.request.path).toBe('/v1/card-accounts/{{account-id}}/transactions');
    expect(transactions.request.query?.bookingStatus).toBeDefined();
    const consent = requests.find((r) => r.operationId === 'createConsent')!;
    expect(consent.request).toMatchObject({ method: 'POST', path: '/v1/consents', body: '{}\n' });
    expect(consent.request.headers).toEqual({ 'Content-Type': 'application/json' });
    // Never the headers the workbench makes or the PSU session supplies.
    for (const request of requests)
      for (const name of Object.keys(request.request.headers ?? {}))
        expect([
          'x-request-id',
          'signature',
          'digest',
          'tpp-signature-certificate',
          'tpp-session-id',
          'tpp-redirect-uri',
        ]).not.toContain(name.toLowerCase());
    expect(notes.join(' ')).toMatch(/Left out the headers the workbench makes/);
  });
});

describe('the Berlin Group 1.3.8 OpenAPI', () => {
  const text = readFileSync(
    join(import.meta.dirname, '../../../docs/spec/berlin-group/psd2-api-1.3.8.openapi.yaml'),
    'utf8',
  );
  // As the user imports it: the file's YAML text, read by the import's own reader.
  const document = parsedOpenApiDocument(text) as {
    paths: Record<string, Record<string, unknown>>;
  };

  it('makes a request of each of its operations, with example bodies', () => {
    const { collection } = importOpenApi(document, fixedContext());
    const requests = requestsOf(collection);
    expect(requests).toHaveLength(operationsOf(document).length);
    const initiate = requests.find((r) => r.operationId === 'initiatePayment')!;
    expect(initiate.request.path).toBe('/v1/{{payment-service}}/{{payment-product}}');
    expect(initiate.request.body).toBeDefined();
    expect(() => JSON.parse(initiate.request.body!)).not.toThrow();
    expect(collection.name).toMatch(/^NextGenPSD2 XS2A Framework 1\.3\.8/);
  });

  it('keeps its bodies: the first example, and {} where the first of oneOf is {}', () => {
    const requests = requestsOf(importOpenApi(document, fixedContext()).collection);
    const body = (operationId: string) =>
      requests.find((r) => r.operationId === operationId)!.request.body;
    const json = (text: string | undefined) => JSON.parse(text!) as unknown;
    expect(json(body('createConsent'))).toMatchObject({ access: {}, recurringIndicator: 'true' });
    expect(json(body('initiatePayment'))).toHaveProperty('instructedAmount');
    // Its start-authorisation bodies are `oneOf: [{}, …]`: the empty body stays as it was.
    expect(body('startConsentAuthorisation')).toBe('{\n}\n');
    expect(body('startPaymentAuthorisation')).toBe('{\n}\n');
  });
});

describe('request bodies of a document that is not the Berlin Group one', () => {
  const document = parsedOpenApiDocument(fixtureText('openapi/shop.openapi.yaml'));
  const { collection, notes } = importOpenApi(document, fixedContext());
  const request = (operationId: string) =>
    requestsOf(collection).find((r) => r.operationId === operationId)!.request;
  const body = (operationId: string) => JSON.parse(request(operationId).body!) as unknown;

  it("takes the media type's example, then the first of its examples, then the schema's", () => {
    expect(body('createOrder')).toEqual({ item: 'book', quantity: 2 });
    expect(body('addOrderNote')).toEqual({ text: 'ok' });
    expect(body('setOrderAddress')).toEqual({ street: '1 Main Street', city: 'Springfield' });
    expect(request('setOrderAddress').headers).toEqual({
      'Content-Type': 'application/vnd.shop.address+json',
    });
  });

  it("samples the $ref'd schema when the document gives no example, required properties first", () => {
    expect(request('createCustomer').body).toBe(
      `${JSON.stringify(
        {
          name: 'string',
          email: 'user@example.com',
          tier: 'gold',
          birthDate: '2026-01-01',
          age: 18,
          address: { street: '1 Main Street', city: 'Springfield' },
        },
        null,
        2,
      )}\n`,
    );
    expect(request('createCustomer').headers).toEqual({ 'Content-Type': 'application/json' });
    // A schema that holds itself stops where it comes back.
    expect(body('createCategory')).toEqual({ name: 'string', children: [] });
  });

  it('fetches no externalValue: the body is sampled and a note says so', () => {
    expect(body('createReport')).toEqual({ period: '2026-01-01' });
    expect(notes).toContain(
      'Did not fetch the example body of createReport (POST /reports) at https://shop.example/examples/report.json: an import reads only the document; the body was made from its schema.',
    );
  });

  it('keeps a non-JSON body given as text, and notes each one it leaves out', () => {
    expect(request('putInvoiceXml')).toMatchObject({
      body: '<invoice><total>10.00</total></invoice>',
      headers: { 'Content-Type': 'application/xml' },
    });
    for (const operationId of ['uploadForm', 'createInvoiceXml']) {
      expect(request(operationId).body).toBeUndefined();
      expect(request(operationId).headers).toBeUndefined();
    }
    expect(notes).toContain(
      'Left out the application/x-www-form-urlencoded body of uploadForm (POST /uploads/form): the document gives no text example of it, and the workbench makes JSON bodies only; the request has no body.',
    );
    expect(notes).toContain(
      'Left out the application/xml body of createInvoiceXml (POST /invoices): the document gives no text example of it, and the workbench makes JSON bodies only; the request has no body.',
    );
  });
});

describe('OpenAPI document text', () => {
  it('reads JSON and YAML alike, and names where YAML is broken', () => {
    const json = '{"openapi":"3.0.3","paths":{"/a":{}}}';
    const yaml = 'openapi: 3.0.3\npaths:\n  /a: {}\n';
    expect(parsedOpenApiDocument(json)).toEqual(parsedOpenApiDocument(yaml));
    expect(refusal(() => parsedOpenApiDocument('openapi: 3.0.3\npaths: [\n'))).toMatch(
      /neither JSON nor YAML at line \d+/,
    );
    expect(refusal(() => parsedOpenApiDocument('{"openapi": '))).toMatch(/is not JSON/);
  });
});

describe('documents that make no collection', () => {
  const refused = (document: unknown) => refusal(() => importOpenApi(document, fixedContext()));

  it('names what is wrong', () => {
    expect(refused({ openapi: '3.0.3', info: { title: 'x' } })).toMatch(/has no paths/);
    expect(refused({ openapi: '3.0.3', paths: {} })).toMatch(/has no paths/);
    expect(refused({ swagger: '2.0', paths: { '/a': {} } })).toMatch(/Swagger 2\.0/);
    expect(refused({ paths: { '/a': {} } })).toMatch(/not OpenAPI 3/);
    expect(refused({ openapi: '3.0.3', paths: { '/a': { summary: 'x' } } })).toMatch(
      /no operations/,
    );
  });

  it("leaves out a path that does not begin with '/', naming it", () => {
    const get = { get: { operationId: 'x', responses: {} } };
    const document = JSON.parse(
      `{"openapi":"3.0.3","paths":{"v1/consents":${JSON.stringify(get)},"__proto__":${JSON.stringify(get)},"/v1/accounts":${JSON.stringify(get)}}}`,
    ) as unknown;
    const { collection, notes } = importOpenApi(document, fixedContext());
    expect(requestsOf(collection).map((r) => r.request.path)).toEqual(['/v1/accounts']);
    expect(notes).toContain("Left out the path 'v1/consents': an OpenAPI path begins with '/'.");
    expect(notes).toContain("Left out the path '__proto__': an OpenAPI path begins with '/'.");
    expect(refused({ openapi: '3.0.3', paths: { 'v1/consents': get } })).toMatch(
      /no operations under its paths\. Left out the path 'v1\/consents'/,
    );
  });

  it('reads no method, parameter or $ref from what every object inherits', () => {
    const { collection, notes } = importOpenApi(
      {
        openapi: '3.0.3',
        paths: {
          '/v1/a': {
            constructor: { responses: {} },
            post: {
              parameters: [
                { name: 'constructor', in: 'header', required: true, example: 'c' },
                { name: '__proto__', in: 'query', required: true, example: 'p' },
              ],
              requestBody: { $ref: '#/constructor' },
              responses: {},
            },
          },
        },
      },
      fixedContext(),
    );
    const [request] = requestsOf(collection);
    expect(request!.request.method).toBe('POST');
    expect(Object.entries(request!.request.query ?? {})).toEqual([['__proto__', 'p']]);
    expect(request!.request.headers).toMatchObject({ constructor: 'c' });
    expect(request!.request.body).toBeUndefined();
    expect(notes.join('\n')).not.toMatch(/native code|object Object/);
  });
});
