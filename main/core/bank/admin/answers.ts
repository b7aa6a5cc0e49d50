/**
 * The admin API's answers and how it reads a request (admin-api.ts): JSON bodies with a limit,
 * query parameters from an allowed list, and every problem as 4xx `{ error: { code, message,
 * field } }` (and its tppMessages form) naming the field, never a 500.
 */
import type { BankRequest, BankResponse } from '../http/messages.js';

export class AdminProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (field: string | undefined, message: string) =>
  new AdminProblem(400, 'BAD_REQUEST', message, field);

export function answer(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): BankResponse {
  return {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
    body: JSON.stringify(body),
  };
}

/**
 * `error` as the admin API always answered, and the same as a `tppMessages` entry (§7's form,
 * `path` naming the field), for tools that read the bank's errors that way.
 */
export function problemAnswer(problem: AdminProblem): BankResponse {
  const field = problem.field !== undefined ? { field: problem.field } : {};
  return answer(
    problem.status,
    {
      error: { code: problem.code, message: problem.message, ...field },
      tppMessages: [
        {
          category: 'ERROR',
          code: problem.code,
          ...(problem.field !== undefined ? { path: problem.field } : {}),
          text: problem.message,
        },
      ],
    },
    problem.headers,
  );
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The JSON body as an object; `what` names it in messages. */
export function jsonObject(request: BankRequest, maxBodyBytes: number, what: string): unknown {
  const { parsedBody } = request;
  const size = parsedBody?.bytes ?? request.body.length;
  if (size > maxBodyBytes)
    throw new AdminProblem(
      413,
      'PAYLOAD_TOO_LARGE',
      `the body is over ${maxBodyBytes} bytes, the limit of ${request.method} ${request.target.split('?')[0]}`,
    );
  if (size === 0) throw badRequest(undefined, `the body must be ${what}`);
  let value: unknown;
  if (parsedBody) {
    // Parsed as it arrived (listener/http.ts bodySink): the same reading as JSON.parse's.
    if ('problem' in parsedBody.result)
      throw badRequest(undefined, `the body is not JSON in UTF-8: ${parsedBody.result.problem}`);
    value = parsedBody.result.value;
  } else
    try {
      value = JSON.parse(utf8.decode(request.body));
    } catch (error) {
      throw badRequest(undefined, `the body is not JSON in UTF-8: ${(error as Error).message}`);
    }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badRequest(undefined, `the body must be ${what}`);
  return value;
}

export interface Query {
  get(name: string): string | undefined;
}

export function queryOf(url: URL, allowed: readonly string[]): Query {
  const seen = new Set<string>();
  for (const name of url.searchParams.keys()) {
    if (!allowed.includes(name)) throw badRequest(name, `unknown query parameter '${name}'`);
    if (seen.has(name)) throw badRequest(name, `query parameter '${name}' is given twice`);
    seen.add(name);
  }
  return { get: (name) => url.searchParams.get(name) ?? undefined };
}
