/**
 * A Proxy over an array is asked for every key as a string: this tells an element's index
 * ("0", "17") from any other key (store/change-tracker.ts, store/paged-rows.ts).
 */

/** A canonical array index ("0", "17"), or undefined for any other key. */
export function arrayIndex(key: string): number | undefined {
  const first = key.charCodeAt(0);
  if (first < 48 || first > 57) return undefined;
  const index = Number(key);
  return Number.isInteger(index) && index >= 0 && String(index) === key ? index : undefined;
}
