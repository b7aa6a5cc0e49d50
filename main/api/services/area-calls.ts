/**
 * The calls of one contract area (`main/api/contract/<area>.ts`): each area's `calls.ts` returns
 * its slice of the contract's implementation, and the composition root spreads the slices.
 */
import type { Implementation } from '../dispatch.js';

/** The calls of an area, by the prefixes of its call names (`bank`, `clock`, …). */
export type AreaCalls<Prefix extends string> = Pick<
  Implementation,
  Extract<keyof Implementation, `${Prefix}.${string}`>
>;
