/**
 * Stable names for what the recorder saw, in the PSU steps' own selector language
 * (psu-agent/selector.ts: a tag and attribute tests, nothing else). Stable means it survives a new
 * authorisation and a new bank instance: ids, names, data-* attributes the page sets on purpose,
 * label text — never generated ids (UUIDs, long hex or random tokens) and never positions.
 */
import type { PageMatch } from '../psu-agent/steps.js';
import type { ElementInfo, PageEvent } from './events.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** A value generated per session or per instance: a UUID, long hex, or a random-looking token. */
export function looksGenerated(value: string): boolean {
  if (UUID.test(value)) return true;
  if (/[0-9a-f]{16,}/i.test(value) && /\d/.test(value)) return true;
  const token = /[A-Za-z0-9_-]{20,}/.exec(value)?.[0];
  return token !== undefined && /\d/.test(token) && /[a-z]/.test(token) && /[A-Z]/.test(token);
}

/** An attribute test, quoted when the value needs it; undefined when it cannot be written. */
export function attributeTest(name: string, value: string): string | undefined {
  if (/^[-a-zA-Z0-9_]+$/.test(value)) return `[${name}=${value}]`;
  if (!value.includes('"') && !value.includes('\\')) return `[${name}="${value}"]`;
  return undefined;
}

/** Attributes that name a page or a part of it on purpose, best first. */
export const PAGE_MARK_ATTRIBUTES = ['data-step', 'data-page', 'data-view', 'data-screen'];

/** Attributes that name one element, best first (data-testid and id only when not generated). */
const ELEMENT_ATTRIBUTES = ['id', 'data-testid', 'name', ...PAGE_MARK_ATTRIBUTES];

/** A selector for one element: its tag and its most stable naming attribute. */
export function elementSelector(element: ElementInfo): string | undefined {
  for (const name of ELEMENT_ATTRIBUTES) {
    const value = element.attributes[name];
    if (!value || looksGenerated(value)) continue;
    const test = attributeTest(name, value);
    if (test) return `${element.tag.toLowerCase()}${test}`;
  }
  // A data-* attribute the page marks the element with, e.g. <span data-otp>.
  const mark = Object.keys(element.attributes).find(
    (name) => /^data-[a-z0-9-]+$/.test(name) && !looksGenerated(element.attributes[name]!),
  );
  if (mark === undefined) return undefined;
  const value = element.attributes[mark]!;
  const test = value === '' ? `[${mark}]` : attributeTest(mark, value);
  return test && `${element.tag.toLowerCase()}${test}`;
}

/** `form[name=login]`, `form[id=login-form]`, or undefined (the agent then finds the form). */
export function formSelector(form: ElementInfo): string | undefined {
  for (const name of ['name', 'id']) {
    const value = form.attributes[name];
    if (!value || looksGenerated(value)) continue;
    const test = attributeTest(name, value);
    if (test) return `form${test}`;
  }
  return undefined;
}

/** The step a page names itself by (its data-step, data-page, … value), if it does. */
export function pageStepOf(page: PageEvent): { attribute: string; value: string } | undefined {
  for (const attribute of PAGE_MARK_ATTRIBUTES)
    for (const mark of page.marks) {
      const value = mark.attributes[attribute];
      if (value && !looksGenerated(value) && attributeTest(attribute, value))
        return { attribute, value };
    }
  return undefined;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The page's path as a regular expression, with generated segments (ids, tokens) as wildcards. */
export function pathPattern(url: string): string {
  const segments = new URL(url).pathname
    .split('/')
    .map((segment) => (looksGenerated(segment) ? '[^/]+' : escapeRegex(segment)));
  return `^${segments.join('/')}$`;
}

/**
 * What tells this page from the others: the attribute it names its step with, else the form the
 * tester submitted, else its path.
 */
export function pageMatchOf(page: PageEvent, form: ElementInfo | undefined): PageMatch {
  const step = pageStepOf(page);
  if (step) return { selector: attributeTest(step.attribute, step.value)! };
  const byForm = form && formSelector(form);
  if (byForm) return { selector: byForm, path: pathPattern(page.url) };
  return { path: pathPattern(page.url) };
}

/**
 * Where the bank's pages live: the longest directory every recorded page shares (e.g. `^/sca/`),
 * or undefined when they share only the root.
 */
export function pagesPathOf(urls: readonly string[]): string | undefined {
  const dirs = urls.map((url) => new URL(url).pathname.split('/').slice(0, -1));
  if (dirs.length === 0) return undefined;
  const shared: string[] = [];
  for (let i = 0; ; i++) {
    const segment = dirs[0]![i];
    if (segment === undefined || looksGenerated(segment)) break;
    if (!dirs.every((dir) => dir[i] === segment)) break;
    shared.push(segment);
  }
  const prefix = shared.join('/');
  return prefix === '' ? undefined : `^${escapeRegex(prefix)}/`;
}
