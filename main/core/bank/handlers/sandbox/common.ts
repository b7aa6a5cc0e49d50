/**
 * What every sandbox management route shares (§4.3, decisions.md "Paths"): sandbox mode only, the
 * signed-request headers (Digest required with a body), paging, and error answers that name the
 * field. Error codes (decisions.md "Errors"): FORMAT_ERROR for a value of the wrong form,
 * BAD_REQUEST for a well-formed value a rule refuses, CONFLICT for a duplicate, RESOURCE_UNKNOWN
 * (404) for an unknown id in the path.
 */
import { Type } from '@sinclair/typebox';
import { bankError, type ErrorCode } from '../../../spec/errors.js';
import { DEFAULT_PAGE_SIZE, PAGE_LIMIT_MIN } from '../../../spec/limits.js';
import { Int32 } from '../../../spec/schemas/common.js';
import { ErrorResponseSchema } from '../../../spec/schemas/shared.js';
import { reject, type Rejection } from '../../http/refusal.js';
import type { ResponseDescription, RouteDefinition } from '../../context/request-context.js';
import type { DateRange } from '../../domain/ledger.js';
import type { Account, CardAccount, DomainState } from '../../domain/model.js';
import { NEGOTIATION, SIGNED_OPTIONAL, SIGNED_REQUEST, headerSet } from '../header-sets.js';

/** §4.3: X-Request-ID, TPP-Signature-Certificate and Signature; negotiation headers optional. */
export const SANDBOX_READ_HEADERS = headerSet(SIGNED_REQUEST, [...SIGNED_OPTIONAL, ...NEGOTIATION]);

/** §4.3: operations with a body also require Digest and accept Content-Type. */
export const SANDBOX_WRITE_HEADERS = headerSet(
  [...SIGNED_REQUEST, 'digest'],
  ['date', ...NEGOTIATION],
);

type SandboxRouteFields = Omit<
  RouteDefinition,
  'tag' | 'modes' | 'tppRole' | 'signed' | 'description'
> & {
  /**
   * The API reference text, or a function making it when it is first read: a description made
   * from the sandbox data builds that data, which no command or request needs at load time.
   */
  description: string | (() => string);
};

/** A sandbox management route: sandbox mode only (production answers 404, stages/route.ts). */
export function sandboxRoute(fields: SandboxRouteFields): RouteDefinition {
  const { description, ...rest } = fields;
  const route: RouteDefinition = {
    ...rest,
    description: typeof description === 'string' ? description : '',
    tag: 'Sandbox',
    modes: ['sandbox'],
    tppRole: null,
    signed: true,
  };
  if (typeof description === 'string') return route;
  let text: string | undefined;
  return Object.defineProperty(route, 'description', {
    get: () => (text ??= description()),
    enumerable: true,
  });
}

export const ERROR_RESPONSES: Record<number, ResponseDescription> = {
  400: {
    description: 'FORMAT_ERROR, BAD_REQUEST, HTTP_HEADER_REQUIRED: the text names the field.',
    schema: ErrorResponseSchema,
  },
  404: { description: 'RESOURCE_UNKNOWN: no such id in the path.', schema: ErrorResponseSchema },
};

export const CREATE_ERROR_RESPONSES: Record<number, ResponseDescription> = {
  ...ERROR_RESPONSES,
  409: {
    description: 'CONFLICT: the IBAN, BBAN or id exists already.',
    schema: ErrorResponseSchema,
  },
};

const offset = Int32({ minimum: 0, description: 'Default 0. Offset from the first item.' });
const limit = Int32({
  minimum: PAGE_LIMIT_MIN,
  description: `At least ${PAGE_LIMIT_MIN}. Default ${DEFAULT_PAGE_SIZE} (§8 default page size).`,
});

/** Paging of every sandbox read (§4.3: offset, limit at least 1). */
export const PagingQuery = Type.Object({
  offset: Type.Optional(offset),
  limit: Type.Optional(limit),
});

export const PAGING_NOTE = `Paging: offset (default 0) and limit (at least ${PAGE_LIMIT_MIN}, default ${DEFAULT_PAGE_SIZE}, the §8 page size); to fetch the next page raise offset by limit. limit 0 or negative is 400 FORMAT_ERROR naming limit.`;

/** One page of `items`. */
export function page<T>(items: readonly T[], query: { offset?: number; limit?: number }): T[] {
  const start = query.offset ?? 0;
  return items.slice(start, start + (query.limit ?? DEFAULT_PAGE_SIZE));
}

/** An error answer about one field or parameter; the text starts with its path. */
export function fieldProblem(code: ErrorCode, path: string, text: string): Rejection {
  return reject(
    `handler.sandbox.${code.toLowerCase().replace(/_/g, '-')}`,
    bankError(code, `${path}: ${text}`, { path }),
  );
}

/** 404 RESOURCE_UNKNOWN for an id in the path. */
export function unknownResource(parameter: string, what: string, id: string): Rejection {
  return reject(
    'handler.sandbox.resource-unknown',
    bankError('RESOURCE_UNKNOWN', `${parameter}: no ${what} '${id}' in the sandbox`, {
      path: parameter,
    }),
  );
}

/** The account a `{mockAccountId}` names (§4.3), or 404 RESOURCE_UNKNOWN. */
export function sandboxAccountOf(state: DomainState, id: string): Account | Rejection {
  return (
    state.accounts.find((candidate) => candidate.id === id) ??
    unknownResource('mockAccountId', 'account', id)
  );
}

/** The card account a `{mockCardAccountId}` names (§4.3), or 404 RESOURCE_UNKNOWN. */
export function sandboxCardAccountOf(state: DomainState, id: string): CardAccount | Rejection {
  return (
    state.cardAccounts.find((candidate) => candidate.resourceId === id) ??
    unknownResource('mockCardAccountId', 'card account', id)
  );
}

/** The query of a sandbox transaction list (§4.3): a booking-date range and paging. */
export interface TransactionListQuery {
  fromDate?: string;
  toDate?: string;
  offset?: number;
  limit?: number;
}

/** fromDate/toDate of a list query as the ledger's range (inclusive, on the booking date). */
export function dateRangeOf(query: TransactionListQuery): DateRange {
  return {
    ...(query.fromDate !== undefined ? { fromDate: query.fromDate } : {}),
    ...(query.toDate !== undefined ? { toDate: query.toDate } : {}),
  };
}
