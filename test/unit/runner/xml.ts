/**
 * A tiny, strict XML reader for tests: elements, attributes, text and the five entities plus
 * numeric references. It throws on what a real parser would reject (unbalanced tags, a raw `<`
 * or `&` in text, characters XML 1.0 forbids), so a reporter cannot pass by being lenient here.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

// eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids are the point
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

function decode(raw: string): string {
  if (/&(?!(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(raw)) {
    throw new Error(`xml: bare '&' in ${JSON.stringify(raw.slice(0, 60))}`);
  }
  const text = raw.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (_, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    const value = ENTITIES[entity];
    if (value === undefined) throw new Error(`xml: unknown entity &${entity};`);
    return value;
  });
  if (FORBIDDEN.test(text)) throw new Error('xml: a character XML 1.0 forbids');
  return text;
}

export function parseXml(xml: string): XmlElement {
  if (FORBIDDEN.test(xml)) throw new Error('xml: the document holds a character XML 1.0 forbids');
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const token = /<\/([\w:-]+)\s*>|<([\w:-]+)((?:\s+[\w:-]+\s*=\s*"[^"]*")*)\s*(\/?)>|([^<]+)/gy;
  let match: RegExpExecArray | null;
  let position = 0;
  while (position < body.length) {
    token.lastIndex = position;
    match = token.exec(body);
    if (!match)
      throw new Error(`xml: cannot read at ${JSON.stringify(body.slice(position, position + 40))}`);
    position = token.lastIndex;
    const [, closing, opening, attributeText = '', selfClosing, text] = match;
    if (text !== undefined) {
      const current = stack.at(-1);
      if (!current) {
        if (text.trim() !== '') throw new Error('xml: text outside the root element');
        continue;
      }
      current.text += decode(text);
    } else if (closing !== undefined) {
      const open = stack.pop();
      if (open?.name !== closing) throw new Error(`xml: </${closing}> closes <${open?.name}>`);
    } else if (opening !== undefined) {
      const attributes: Record<string, string> = {};
      for (const [, name = '', value = ''] of attributeText.matchAll(
        /([\w:-]+)\s*=\s*"([^"]*)"/g,
      )) {
        if (name in attributes) throw new Error(`xml: attribute ${name} twice`);
        if (value.includes('<')) throw new Error(`xml: '<' in attribute ${name}`);
        attributes[name] = decode(value);
      }
      const element: XmlElement = { name: opening, attributes, children: [], text: '' };
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else if (root) throw new Error('xml: two root elements');
      else root = element;
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length > 0) throw new Error(`xml: <${stack.at(-1)?.name}> is not closed`);
  if (!root) throw new Error('xml: no root element');
  return root;
}

export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child) => child.name === name);
}
