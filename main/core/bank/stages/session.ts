/**
 * Session / SCA / consent stage (issue req. 2): a hook only. The SCA issue fills it (TPP-Session-ID
 * §3.4, consent §1, the 1-hour SCA window and the 90/180-day rules on the bank clock). Default:
 * pass-through.
 */
import type { HandlerEnvironment, RequestContext, Stage, StageResult } from '../types.js';

export type SessionHook = (
  ctx: RequestContext,
  env: HandlerEnvironment,
) => StageResult | Promise<StageResult>;

export const passThroughSession: SessionHook = (ctx) => ctx;

export function sessionStage(hook: SessionHook, env: HandlerEnvironment): Stage {
  return (ctx) => (ctx.route!.signed ? hook(ctx, env) : ctx);
}
