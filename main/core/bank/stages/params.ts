/**
 * Params stage: resolves the route's path parameters to typed values once
 * (RouteDefinition.resolveParams) and puts them in `ctx.params` for the handlers. It runs after
 * the session stage and before the query and body are read, so a path naming nothing — an
 * unknown payment product (§4.2.2, decisions.md "Paths") — is answered before any body error.
 */
import { isRejection } from '../http/refusal.js';
import type { Stage } from '../context/request-context.js';

export const paramsStage: Stage = (ctx) => {
  const resolved = ctx.route!.resolveParams?.(ctx);
  if (resolved === undefined) return ctx;
  if (isRejection(resolved)) return resolved;
  ctx.params = resolved;
  return ctx;
};
