/**
 * x-accept-fix (§9.2): parse, refuse unknown names, require a listed value where
 * the endpoint names one, and record the active fixes (default-from dates on the bank clock).
 */
import { bankError } from '../../spec/errors.js';
import { activeFixes } from '../../spec/fixes.js';
import { reject } from '../http/refusal.js';
import type { Stage } from '../context/request-context.js';
import { faultActive } from '../faults/index.js';

export const fixesStage: Stage = (ctx) => {
  const route = ctx.route!;
  const header = route.signed ? ctx.request.headers['x-accept-fix'] : undefined;
  const result = activeFixes(header, ctx.now);
  if (!result.ok)
    return reject(
      'fixes.unknown',
      bankError('FORMAT_ERROR', result.error.text, { path: 'x-accept-fix' }),
    );
  // FIX-ACCEPT-FIX-COMMA-LIST broken: a bank that reads only the first value of the list misses
  // the required one when it is listed later.
  const read = faultActive(ctx, 'FIX-ACCEPT-FIX-COMMA-LIST')
    ? result.requested.slice(0, 1)
    : result.requested;
  if (route.acceptFixValue !== undefined && !read.includes(route.acceptFixValue))
    return reject(
      `fixes.required.${route.acceptFixValue}`,
      bankError(
        'FORMAT_ERROR',
        `x-accept-fix must list '${route.acceptFixValue}' on ${route.method} ${route.path} (§4.2, §9.2)`,
        { path: 'x-accept-fix' },
      ),
    );
  ctx.fixes = result.active;
  ctx.requestedFixes = result.requested;
  return ctx;
};
