/**
 * Header rules per endpoint (§4.1–§4.3, issue req. 3): a missing required header answers
 * HTTP_HEADER_REQUIRED naming it, a malformed one FORMAT_ERROR naming it.
 */
import { bankError } from '../../spec/errors.js';
import { checkHeaderValue, headerRule } from '../../spec/headers.js';
import { reject, type Stage } from '../types.js';

const displayName = (key: string) => headerRule(key)?.name ?? key;

export const headerStage: Stage = (ctx) => {
  const route = ctx.route!;
  if (!route.signed) return ctx;
  const { headers, body, duplicateHeaders = [] } = ctx.request;
  const endpoint = `${route.method} ${route.path}`;

  for (const key of route.headers.required) {
    if (headers[key] === undefined)
      return reject(
        `headers.required.${key}`,
        bankError(
          'HTTP_HEADER_REQUIRED',
          `${displayName(key)} header is required on ${endpoint} (§4)`,
          {
            path: displayName(key),
          },
        ),
      );
  }
  // §4.1, §4.3: Digest is required on requests with a body.
  if (body.length > 0 && headers.digest === undefined)
    return reject(
      'headers.required.digest',
      bankError(
        'HTTP_HEADER_REQUIRED',
        'Digest header is required on a request with a body (§4.1)',
        {
          path: 'Digest',
        },
      ),
    );

  const declared = [...route.headers.required, ...route.headers.optional];
  for (const key of declared) {
    const value = headers[key];
    if (value === undefined) continue;
    if (duplicateHeaders.includes(key))
      return reject(
        `headers.duplicate.${key}`,
        bankError('FORMAT_ERROR', `${displayName(key)} header is sent more than once`, {
          path: displayName(key),
        }),
      );
    const problem = checkHeaderValue(key, value);
    if (problem !== undefined)
      return reject(
        `headers.format.${key}`,
        bankError('FORMAT_ERROR', `${displayName(key)} header ${problem}`, {
          path: displayName(key),
        }),
      );
  }
  return ctx;
};
