/**
 * `{{name}}` references and the values a bank's answer carries for them (docs/variables.md): the
 * ids the composer captures and the collection runner carries to later requests, and how a
 * reference is filled. Pure, so the composer and the runner in main fill and capture alike.
 */

/** The body fields whose values become variables of the same name. */
export const CAPTURED_FIELDS = [
  'consentId',
  'paymentId',
  'authorisationId',
  'basketId',
  'resourceId',
  'transactionId',
] as const;

const MAX_DEPTH = 5;
const MAX_ITEMS = 50;

/** Every captured field's values in a JSON body, and authorisation ids named by its links. */
export function capturedFrom(json: unknown): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  const add = (name: string, value: string) => {
    const list = (found[name] ??= []);
    if (!list.includes(value)) list.push(value);
  };
  const walk = (node: unknown, depth: number) => {
    if (depth > MAX_DEPTH || typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      for (const item of node.slice(0, MAX_ITEMS)) walk(item, depth + 1);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (
        (CAPTURED_FIELDS as readonly string[]).includes(key) &&
        typeof value === 'string' &&
        value
      )
        add(key, value);
      else if (key === '_links') {
        for (const [relation, link] of Object.entries(value ?? {})) {
          const href = typeof link === 'string' ? link : (link as { href?: unknown })?.href;
          if (typeof href !== 'string') continue;
          // §6: the link the PSU is sent to for SCA, kept to open it again.
          if (relation === 'scaRedirect' && href) add('scaRedirect', href);
          const id = /\/authorisations\/([^/?#]+)$/.exec(href);
          if (id) add('authorisationId', decodeURIComponent(id[1]!));
        }
      } else walk(value, depth + 1);
    }
  };
  walk(json, 0);
  return found;
}

const REFERENCE = /\{\{\s*([A-Za-z][\w-]*)\s*\}\}/g;

/**
 * Whether `name` is a variable of `values`: an own property only, so `{{toString}}` or
 * `{{constructor}}` never resolve to a function of Object.prototype.
 */
export const isKnownVariable = (values: Record<string, string>, name: string): boolean =>
  Object.hasOwn(values, name);

/** `text` with every `{{name}}` the values know replaced; the others stay as written. */
export function substituted(text: string, values: Record<string, string>): string {
  return text.replace(REFERENCE, (whole, name: string) =>
    isKnownVariable(values, name) ? values[name]! : whole,
  );
}

/** The names `{{name}}` references in `texts` that the values do not know, each once. */
export function unknownReferences(
  texts: readonly string[],
  values: Record<string, string>,
): string[] {
  const unknown = new Set<string>();
  for (const text of texts)
    for (const match of text.matchAll(REFERENCE))
      if (!isKnownVariable(values, match[1]!)) unknown.add(match[1]!);
  return [...unknown];
}
