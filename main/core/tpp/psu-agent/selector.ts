/**
 * The selectors of PSU steps (steps.ts): a small, CSS-compatible subset a bank engineer can
 * write without knowing either engine — an optional tag name followed by attribute tests, e.g.
 * `[data-step=login]`, `form[name="consent"]`, `output[data-testid=one-time-code-sent]`,
 * `input[required]`. No combinators, classes or pseudo-classes: the headless agent evaluates a
 * selector on the HTML it fetched (html-forms.ts), the browser agent hands the same selector to
 * Chromium, and both must mean the same element.
 */

export interface AttributeTest {
  name: string;
  /** Absent: the attribute only has to be present. */
  value?: string;
}

export interface ParsedSelector {
  /** Lower-case tag name, or undefined for any element. */
  tag?: string;
  attributes: AttributeTest[];
}

const TAG = /^[a-zA-Z][a-zA-Z0-9-]*/;
const ATTRIBUTE =
  /^\[\s*([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([-a-zA-Z0-9_]+))\s*)?\]/;

/** Parses `selector`, or says why it is not one (thrown as an Error with that text). */
export function parseSelector(selector: string): ParsedSelector {
  let rest = selector.trim();
  const parsed: ParsedSelector = { attributes: [] };
  const tag = TAG.exec(rest);
  if (tag) {
    parsed.tag = tag[0].toLowerCase();
    rest = rest.slice(tag[0].length);
  }
  while (rest.length > 0) {
    const attribute = ATTRIBUTE.exec(rest);
    if (!attribute)
      throw new Error(
        `'${selector}' is not a selector of the form tag[attribute=value]…: cannot read '${rest}'`,
      );
    const value = attribute[2] ?? attribute[3] ?? attribute[4];
    parsed.attributes.push({
      name: attribute[1]!.toLowerCase(),
      ...(value !== undefined ? { value } : {}),
    });
    rest = rest.slice(attribute[0].length);
  }
  if (parsed.tag === undefined && parsed.attributes.length === 0)
    throw new Error('a selector needs a tag name or at least one [attribute] test');
  return parsed;
}

/** Whether an element with `tag` and `attributes` is one `selector` names. */
export function selectorMatches(
  selector: ParsedSelector,
  tag: string,
  attributes: Record<string, string>,
): boolean {
  if (selector.tag !== undefined && selector.tag !== tag.toLowerCase()) return false;
  return selector.attributes.every((test) =>
    test.value === undefined ? test.name in attributes : attributes[test.name] === test.value,
  );
}

/** The selector as CSS with every value quoted and escaped, for the browser. */
export function selectorCss(selector: ParsedSelector): string {
  const quote = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;
  return `${selector.tag ?? ''}${selector.attributes
    .map((test) =>
      test.value === undefined ? `[${test.name}]` : `[${test.name}=${quote(test.value)}]`,
    )
    .join('')}`;
}
