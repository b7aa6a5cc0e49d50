/**
 * Does a recorded exchange match /openapi.json? (every exchange of a full suite
 * run must match it). For one exchange:
 * - a documented operation (method + path template): its status is documented for the operation,
 *   the body validates against that response's schema (Ajv over the document, so `$ref`s resolve
 *   into its components), a response without content has an empty body, and every header the
 *   response marks required is present;
 * - a path the document lists with another method: 405 with an Allow header naming exactly the
 *   documented methods (the document's description states this);
 * - a path the document does not list: 404 with the documented error body (ErrorResponse);
 *   a request target the bank cannot parse, or one that is not a canonical path (dot-segments,
 *   an encoded slash: refused before routing), 400 with the same body.
 * A problem is one sentence naming the exchange and what does not match.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from '../../../main/core/bank/openapi/document.js';
import { nonCanonicalTarget } from '../../../main/core/bank/listener/request-target.js';

export interface RecordedExchange {
  method: string;
  url: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  json?: unknown;
}

export type MatchKind = 'operation' | 'method-not-allowed' | 'unknown-path' | 'bad-target';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const pointer = (...parts: string[]) =>
  parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

interface DocumentedResponse {
  content?: Record<string, { schema?: unknown }>;
  headers?: Record<string, { required?: boolean }>;
}

export class OpenApiMatcher {
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: { path: string; segments: string[] }[];

  constructor(private readonly document: OpenApiDocument) {
    // The document's schemas carry OpenAPI extensions (x-psd2-format, x-psd2-amount): not strict.
    this.ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    addFormats(this.ajv);
    this.ajv.addSchema(document, 'openapi.json');
    this.templates = Object.keys(document.paths).map((path) => ({
      path,
      segments: path.split('/').slice(1),
    }));
  }

  /** The document paths the concrete path fits, literal segments preferred over templates. */
  private pathsFor(path: string): string[] {
    const segments = path.split('/').slice(1);
    const fits = this.templates.filter(
      (template) =>
        template.segments.length === segments.length &&
        template.segments.every(
          (segment, i) =>
            segment === segments[i] || (/^\{.+\}$/.test(segment) && segments[i] !== ''),
        ),
    );
    const literals = (t: { segments: string[] }) =>
      t.segments.filter((s) => !s.startsWith('{')).length;
    return fits.sort((a, b) => literals(b) - literals(a)).map((t) => t.path);
  }

  private validator(ref: string): ValidateFunction {
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi.json#${ref}` });
      this.validators.set(ref, validate);
    }
    return validate;
  }

  private errorBodyProblems(exchange: RecordedExchange, where: string): string[] {
    const validate = this.validator('/components/schemas/ErrorResponse');
    return validate(exchange.json)
      ? []
      : [
          `${where}: the error body is not an ErrorResponse: ${this.ajv.errorsText(validate.errors)}`,
        ];
  }

  match(exchange: RecordedExchange): { kind: MatchKind; operation?: string; problems: string[] } {
    const where = `${exchange.method} ${exchange.url} → ${exchange.status}`;
    let path: string;
    try {
      path = new URL(exchange.url).pathname;
    } catch {
      return { kind: 'bad-target', problems: [`${where}: the URL cannot be read`] };
    }
    // A target that is not a canonical path is refused before routing (listener/request-target.ts).
    const target = exchange.url.slice(new URL(exchange.url).origin.length) || '/';
    if (nonCanonicalTarget(target) !== undefined)
      return {
        kind: 'bad-target',
        problems: [
          ...(exchange.status === 400 ? [] : [`${where}: a non-canonical path is not 400`]),
          ...this.errorBodyProblems(exchange, where),
        ],
      };
    const method = exchange.method.toLowerCase();
    const paths = this.pathsFor(path);
    const documented = paths.find((candidate) => this.document.paths[candidate]![method]);
    if (documented) return this.matchOperation(exchange, documented, method, where);

    if (paths.length > 0) {
      const allowed = METHODS.filter((m) => this.document.paths[paths[0]!]![m])
        .map((m) => m.toUpperCase())
        .sort();
      const problems: string[] = [];
      if (exchange.status !== 405)
        problems.push(`${where}: a method the path does not offer is not 405`);
      const allow = (exchange.headers.allow ?? '').split(/,\s*/).filter(Boolean).sort();
      if (allow.join() !== allowed.join())
        problems.push(
          `${where}: Allow "${exchange.headers.allow ?? ''}" is not ${allowed.join(', ')}`,
        );
      return {
        kind: 'method-not-allowed',
        problems: [...problems, ...this.errorBodyProblems(exchange, where)],
      };
    }
    // The bank parses the target before routing (route stage): a target it cannot read is 400.
    if (exchange.status === 400)
      return { kind: 'bad-target', problems: this.errorBodyProblems(exchange, where) };
    const problems =
      exchange.status === 404 ? [] : [`${where}: a path the document does not list is not 404`];
    return {
      kind: 'unknown-path',
      problems: [...problems, ...this.errorBodyProblems(exchange, where)],
    };
  }

  private matchOperation(
    exchange: RecordedExchange,
    path: string,
    method: string,
    where: string,
  ): { kind: MatchKind; operation: string; problems: string[] } {
    const operation = this.document.paths[path]![method]! as {
      operationId: string;
      responses: Record<string, DocumentedResponse>;
    };
    const result = { kind: 'operation' as const, operation: operation.operationId };
    const response = operation.responses[String(exchange.status)];
    if (!response)
      return {
        ...result,
        problems: [
          `${where}: status ${exchange.status} is not documented for ${operation.operationId}`,
        ],
      };
    const problems: string[] = [];
    for (const [name, header] of Object.entries(response.headers ?? {}))
      if (header.required && exchange.headers[name.toLowerCase()] === undefined)
        problems.push(`${where}: required response header ${name} is missing`);
    const media = response.content?.['application/json'];
    if (!media) {
      if (exchange.body !== '') problems.push(`${where}: a body where the document shows none`);
      return { ...result, problems };
    }
    if (exchange.json === undefined) {
      problems.push(`${where}: no JSON body where the document shows one`);
      return { ...result, problems };
    }
    const ref = `/${pointer('paths', path, method, 'responses', String(exchange.status), 'content', 'application/json', 'schema')}`;
    const validate = this.validator(ref);
    if (!validate(exchange.json))
      problems.push(
        `${where}: the body does not match the documented schema: ${this.ajv.errorsText(validate.errors)}`,
      );
    return { ...result, problems };
  }
}
