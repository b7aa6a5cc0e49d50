/**
 * A small HTML form reader, no browser: the tags, attributes and text of a page, its forms with
 * their controls and labels, and the fields a browser would submit. Enough for the bank's SCA
 * pages, which the PSU agent reads as a person would (docs/sca.md).
 */
export interface FormControl {
  tag: string;
  type: string;
  name?: string;
  value: string;
  checked: boolean;
  attributes: Record<string, string>;
  /** Text of the <label for> of the control. */
  label?: string;
  /** Text inside a <button> (how a person names a button without a name or value). */
  text?: string;
  /** A <select>'s options, in document order. */
  options?: { value: string; label: string }[];
}

export interface HtmlForm {
  action: string;
  method: string;
  attributes: Record<string, string>;
  controls: FormControl[];
}

const TAG =
  /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos|nbsp);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }[lower]!;
  });
}

function attributesOf(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of text.matchAll(ATTRIBUTE))
    attributes[match[1]!.toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  return attributes;
}

interface Tag {
  closing: boolean;
  name: string;
  attributes: Record<string, string>;
  start: number;
  end: number;
}

function tagsOf(html: string): Tag[] {
  const tags: Tag[] = [];
  for (const match of html.matchAll(TAG)) {
    if (match[2] === undefined) continue; // a comment
    tags.push({
      closing: match[1] === '/',
      name: match[2].toLowerCase(),
      attributes: attributesOf(match[3] ?? ''),
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return tags;
}

const textBetween = (html: string, from: number, to: number) =>
  decodeEntities(html.slice(from, to).replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** An element of a page: its tag name, attributes and text content. */
export interface PageElement {
  tag: string;
  attributes: Record<string, string>;
  text: string;
}

/** Every element (in document order) for which `test(tag name, attributes)` holds. */
export function findElements(
  html: string,
  test: (tag: string, attributes: Record<string, string>) => boolean,
): PageElement[] {
  const tags = tagsOf(html);
  const found: PageElement[] = [];
  tags.forEach((open, index) => {
    if (open.closing || !test(open.name, open.attributes)) return;
    let depth = 0;
    let text = '';
    for (const tag of tags.slice(index + 1)) {
      if (tag.name !== open.name) continue;
      if (!tag.closing) depth++;
      else if (depth-- === 0) {
        text = textBetween(html, open.end, tag.start);
        break;
      }
    }
    found.push({ tag: open.name, attributes: open.attributes, text });
  });
  return found;
}

/** Text and attributes of the first element whose `attribute` is `value` (e.g. data-testid). */
export function findElement(
  html: string,
  value: string,
  attribute = 'data-testid',
): { attributes: Record<string, string>; text: string } | undefined {
  const [first] = findElements(html, (_tag, attributes) => attributes[attribute] === value);
  return first ? { attributes: first.attributes, text: first.text } : undefined;
}

/** Every form of a page with its controls (input, button, textarea, select) and their labels. */
export function parseForms(html: string): HtmlForm[] {
  const tags = tagsOf(html);
  const labels = new Map<string, string>();
  const forms: HtmlForm[] = [];
  let form: HtmlForm | undefined;
  let select: FormControl | undefined;
  tags.forEach((tag, i) => {
    const next = tags.slice(i + 1).find((t) => t.closing && t.name === tag.name);
    if (tag.name === 'label' && !tag.closing && tag.attributes.for && next)
      labels.set(tag.attributes.for, textBetween(html, tag.end, next.start));
    if (tag.name === 'form') {
      if (tag.closing) form = undefined;
      else {
        form = {
          action: tag.attributes.action ?? '',
          method: (tag.attributes.method ?? 'get').toLowerCase(),
          attributes: tag.attributes,
          controls: [],
        };
        forms.push(form);
      }
      return;
    }
    if (!form || tag.closing) {
      if (tag.name === 'select' && tag.closing) select = undefined;
      return;
    }
    const a = tag.attributes;
    const control = (type: string, value: string, checked: boolean): FormControl => ({
      tag: tag.name,
      type,
      ...(a.name !== undefined ? { name: a.name } : {}),
      value,
      checked,
      attributes: a,
    });
    if (tag.name === 'input') {
      const type = (a.type ?? 'text').toLowerCase();
      const fallback = type === 'checkbox' || type === 'radio' ? 'on' : '';
      form.controls.push(control(type, a.value ?? fallback, 'checked' in a));
    } else if (tag.name === 'button') {
      const button = control((a.type ?? 'submit').toLowerCase(), a.value ?? '', false);
      if (next) button.text = textBetween(html, tag.end, next.start);
      form.controls.push(button);
    } else if (tag.name === 'textarea' && next) {
      form.controls.push(
        control('textarea', decodeEntities(html.slice(tag.end, next.start)), false),
      );
    } else if (tag.name === 'select') {
      select = control('select', '', false);
      select.options = [];
      form.controls.push(select);
    } else if (tag.name === 'option' && select) {
      const label = next ? textBetween(html, tag.end, next.start) : '';
      const value = a.value ?? label;
      select.options!.push({ value, label });
      if ('selected' in a || select.options!.length === 1) select.value = value;
    }
  });
  for (const control of forms.flatMap((f) => f.controls))
    if (control.attributes.id && labels.has(control.attributes.id))
      control.label = labels.get(control.attributes.id)!;
  return forms;
}

/** The fields a browser would send for `form` submitted with `submitter` (HTML form data set). */
export function formData(form: HtmlForm, submitter?: FormControl): [string, string][] {
  const data: [string, string][] = [];
  for (const control of form.controls) {
    if (control.name === undefined || 'disabled' in control.attributes) continue;
    if (control.tag === 'button' || ['submit', 'image', 'reset'].includes(control.type)) {
      if (control === submitter) data.push([control.name, control.value]);
    } else if (control.type === 'checkbox' || control.type === 'radio') {
      if (control.checked) data.push([control.name, control.value]);
    } else if (control.type !== 'file') data.push([control.name, control.value]);
  }
  return data;
}
