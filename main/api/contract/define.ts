/** The building blocks of the contract: a call (argument schema + result type) and an event. */
import type { TSchema } from '@sinclair/typebox';

/** A call: renderer → main, answered once. `R` is the result type (phantom, for typing only). */
export interface CallSpec<A extends TSchema = TSchema, R = unknown> {
  readonly description: string;
  readonly args: A;
  readonly __result?: R;
}

/** An event: main → renderer, pushed to every subscriber. */
export interface EventSpec<P = unknown> {
  readonly description: string;
  readonly __payload?: P;
}

export function call<R>() {
  return <A extends TSchema>(description: string, args: A): CallSpec<A, R> => ({
    description,
    args,
  });
}

export function event<P>(description: string): EventSpec<P> {
  return { description };
}
