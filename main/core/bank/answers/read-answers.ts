/**
 * The answers of pure reads, kept until the state changes. A route with an `answerKey`
 * (context/request-context.ts) answers from the state and that key alone, so while nothing changes
 * the state, the same key gets the same answer: its handler's result and its JSON text are made
 * once, and the requests after it pay only for what the signature and the stages cost.
 *
 * Every other request may change the state (a handler changes entities in place, and a read of
 * an AIS route counts against its consent, §8), so the pipeline lets go of every kept answer
 * when such a request's run ends (assembly/pipeline.ts), and when a pure read's route gives no key
 * because this time it changes the state; so does every change outside a request:
 * the console's and the admin API's (assembly/console-changes.ts), a batch catch-up that
 * performed an event (assembly/catch-up.ts), a reset or a rolled-back commit, which give the
 * state a new object. A read that runs while a change is under way may be answered as before it,
 * as it would have been had it come first. On a shared PostgreSQL store other processes change
 * the state too: whatever of theirs this process takes (a pull, a catch-up, a discard) moves
 * the engine's generation, and no answer kept before it is given after. A group of reads runs
 * before it learns whether it is behind, and runs again on what it then takes
 * (engine/pg-request-groups.ts): what the first run answered from a kept answer is not sent.
 */
import { isRejection, type Rejection } from '../http/refusal.js';
import type {
  HandlerEnvironment,
  HandlerResult,
  RequestContext,
  RouteDefinition,
} from '../context/request-context.js';

/** The most answers kept: past it they all go (the keys are a route's pages, a handful). */
const KEPT_MAX = 256;

export class ReadAnswers {
  private readonly kept = new Map<string, HandlerResult>();
  /** The state object the kept answers were made from; a reset or a rollback replaces it. */
  private state: object | undefined;
  /** The engine's generation they were made in (engine/state-engine.ts). */
  private generation = 0;

  /** `generation`: the state engine's, which moves when the state took others' changes. */
  constructor(private readonly generationNow: () => number = () => 0) {}

  /** Something may have changed the state: no kept answer holds any longer. */
  changed(): void {
    this.kept.clear();
  }

  /**
   * A pure read's answer to `ctx`, whose `answerKey` is `routeKey`: kept from an earlier request,
   * or its handler's, then kept.
   */
  answer(
    route: RouteDefinition,
    routeKey: string,
    ctx: RequestContext,
    env: HandlerEnvironment,
  ): HandlerResult | Rejection | Promise<HandlerResult | Rejection> {
    const generation = this.generationNow();
    if (this.state !== env.state || this.generation !== generation) {
      this.kept.clear();
      this.state = env.state;
      this.generation = generation;
    }
    const key = `${route.operationId} ${routeKey}`;
    const kept = this.kept.get(key);
    if (kept) return kept;
    const result = route.handle(ctx, env);
    // Only an answer made at once is kept: across an await the state may change under it.
    if (result instanceof Promise || isRejection(result)) return result;
    const answer = withBodyText(result);
    if (answer.bodyText === undefined) return result;
    if (this.kept.size >= KEPT_MAX) this.kept.clear();
    this.kept.set(key, answer);
    return answer;
  }
}

/** The result with its body's JSON text, or as it is when it has none or cannot be serialised. */
function withBodyText(result: HandlerResult): HandlerResult {
  if (result.body === undefined || result.html !== undefined) return result;
  try {
    return { ...result, bodyText: JSON.stringify(result.body) };
  } catch {
    return result; // handlerResponse answers SYSTEM_ERROR for it, as for any other answer
  }
}
