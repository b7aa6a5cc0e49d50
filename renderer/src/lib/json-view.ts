/**
 * What the composer's response viewer derives from a JSON body: the lists in it (for the table
 * view, largest first), a list as rows and columns, and where a search text occurs. Pure.
 */

export type JsonPath = (string | number)[];

export interface JsonList {
  /** Where the list is, e.g. `transactions.booked`; '' for a body that is a list. */
  label: string;
  path: JsonPath;
  items: unknown[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function pathLabel(path: JsonPath): string {
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : p))
    .join('.')
    .replace(/\.\[/g, '[');
}

/** Every non-empty list in the body (not inside another list), the largest first. */
export function listsIn(value: unknown, path: JsonPath = []): JsonList[] {
  const found: JsonList[] = [];
  const walk = (node: unknown, at: JsonPath) => {
    if (Array.isArray(node)) {
      if (node.length > 0) found.push({ label: pathLabel(at), path: at, items: node });
      return;
    }
    if (isRecord(node))
      for (const [key, child] of Object.entries(node))
        if (key !== '_links') walk(child, [...at, key]);
  };
  walk(value, path);
  return found.sort((a, b) => b.items.length - a.items.length);
}

/** A cell: amounts as "12.34 EUR", other objects as compact JSON, nothing as empty. */
/**
 * A §2.1 amount (a decimal string, up to 18 digits before the point) with its thousands grouped by
 * commas, as the bank console shows minor units (`formatMinor`, English grouping); read as text so
 * no digit is lost to a float. A string that is not a plain decimal is shown as it came.
 */
export function groupedAmount(amount: string): string {
  const parts = /^(-?)(\d+)(\.\d+)?$/.exec(amount);
  if (!parts) return amount;
  const [, sign, whole, fraction = ''] = parts;
  return `${sign}${whole!.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction}`;
}

export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (isRecord(value) && typeof value.amount === 'string' && typeof value.currency === 'string')
    return `${groupedAmount(value.amount)} ${value.currency}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export interface JsonTable {
  columns: string[];
  rows: string[][];
}

/** A list as a table: one row per item, the union of the items' fields as columns. */
export function tableOf(items: readonly unknown[]): JsonTable {
  const columns: string[] = [];
  for (const item of items)
    if (isRecord(item))
      for (const key of Object.keys(item))
        if (key !== '_links' && !columns.includes(key)) columns.push(key);
  if (columns.length === 0) return { columns: ['value'], rows: items.map((i) => [cellText(i)]) };
  return {
    columns,
    rows: items.map((item) =>
      isRecord(item) ? columns.map((c) => cellText(item[c])) : [cellText(item)],
    ),
  };
}

/** How many keys and scalar values contain `text` (case-insensitive); 0 for no text. */
export function countMatches(value: unknown, text: string): number {
  const needle = text.trim().toLowerCase();
  if (!needle) return 0;
  let count = 0;
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isRecord(node))
      for (const [key, child] of Object.entries(node)) {
        if (key.toLowerCase().includes(needle)) count++;
        walk(child);
      }
    else if (node !== undefined && String(node).toLowerCase().includes(needle)) count++;
  };
  walk(value);
  return count;
}

/** Whether `text` occurs in the node (a key or a value below it): such nodes open on search. */
export function containsMatch(value: unknown, text: string): boolean {
  return countMatches(value, text) > 0;
}

/** "200 items", "1 item", "3 fields". */
export function sizeText(value: unknown): string {
  if (Array.isArray(value)) return `${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  if (isRecord(value)) {
    const n = Object.keys(value).length;
    return `${n} ${n === 1 ? 'field' : 'fields'}`;
  }
  return '';
}
