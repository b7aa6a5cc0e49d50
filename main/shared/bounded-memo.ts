/**
 * A pure function of a string, remembered: a request repeats the values of the one before it (the
 * same TPP sends the same identity, redirect URI and certificate every time), so a check that
 * depends on the value alone is made once per value instead of once per request. At most `limit`
 * values are kept; past it they all go (a client sending new values every time costs one check
 * each, as without the memo). Only for functions whose result nobody changes.
 */
export function boundedMemo<T>(limit: number, compute: (value: string) => T): (value: string) => T {
  const kept = new Map<string, T>();
  return (value) => {
    const known = kept.get(value);
    if (known !== undefined || kept.has(value)) return known as T;
    const result = compute(value);
    if (kept.size >= limit) kept.clear();
    kept.set(value, result);
    return result;
  };
}
