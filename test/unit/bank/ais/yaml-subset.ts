/**
 * A small reader for the YAML the Berlin Group OpenAPI file uses (the project has no YAML
 * package): block mappings and sequences by indentation, plain and quoted scalars, `|`/`>` block
 * scalars, comments. Flow collections (`{...}`, `[...]`, used only in examples) are kept as their
 * raw text. Enough to walk `components.schemas`; not a general YAML parser.
 */
export type YamlValue = string | null | YamlValue[] | { [key: string]: YamlValue };

interface Line {
  indent: number;
  text: string;
}

/** Drops a trailing comment: `#` at the start or after a space, outside quotes. */
function stripComment(text: string): string {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '#' && (i === 0 || /\s/.test(text[i - 1]!)))
      return text.slice(0, i).trimEnd();
  }
  return text.trimEnd();
}

function unquote(text: string): string {
  const value = text.trim();
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
    return JSON.parse(value) as string;
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'"))
    return value.slice(1, -1).replace(/''/g, "'");
  return value;
}

const KEY = /^("(?:[^"\\]|\\.)*"|'[^']*'|[^\s"'#][^:]*?)\s*:(?:\s+(.*))?$/;

class Reader {
  private index = 0;
  constructor(private readonly lines: Line[]) {}

  private peek(): Line | undefined {
    return this.lines[this.index];
  }

  /** The block starting at the current line, whose lines are indented exactly `indent`. */
  block(indent: number): YamlValue {
    const first = this.peek();
    if (!first || first.indent < indent) return null;
    return first.text.startsWith('- ') || first.text === '-'
      ? this.sequence(first.indent)
      : this.mapping(first.indent);
  }

  private sequence(indent: number): YamlValue[] {
    const items: YamlValue[] = [];
    for (
      let line = this.peek();
      line && line.indent === indent && (line.text.startsWith('- ') || line.text === '-');
      line = this.peek()
    ) {
      const rest = line.text.slice(1).trimStart();
      const itemIndent = indent + (line.text.length - rest.length);
      if (rest === '') {
        this.index++;
        items.push(this.block(indent + 1));
      } else if (KEY.test(rest) && !rest.startsWith('{')) {
        // `- key: value` opens a mapping whose keys sit at the indent of `key`.
        this.lines[this.index] = { indent: itemIndent, text: rest };
        items.push(this.mapping(itemIndent));
      } else {
        this.index++;
        items.push(this.scalar(rest, indent));
      }
    }
    return items;
  }

  private mapping(indent: number): { [key: string]: YamlValue } {
    const map: { [key: string]: YamlValue } = {};
    for (let line = this.peek(); line && line.indent >= indent; line = this.peek()) {
      const match = line.indent === indent ? KEY.exec(line.text) : null;
      if (!match) {
        this.index++; // not an entry of this mapping (a stray flow or deeper line): skip it
        continue;
      }
      const key = unquote(match[1]!);
      const value = match[2]?.trim() ?? '';
      this.index++;
      if (value === '') {
        const next = this.peek();
        if (
          next &&
          (next.indent > indent || (next.indent === indent && next.text.startsWith('- ')))
        )
          map[key] = this.block(next.indent);
        else map[key] = null;
      } else map[key] = this.scalar(value, indent);
    }
    return map;
  }

  /** A scalar value on the current line (already consumed), with its continuation lines. */
  private scalar(value: string, indent: number): YamlValue {
    if (/^[|>][-+]?$/.test(value)) {
      const text: string[] = [];
      for (let line = this.peek(); line && line.indent > indent; line = this.peek()) {
        text.push(line.text);
        this.index++;
      }
      return text.join(value.startsWith('|') ? '\n' : ' ');
    }
    if (value.startsWith('{') || value.startsWith('[')) {
      let raw = value;
      let depth = [...value].reduce(
        (d, c) => d + ('{['.includes(c) ? 1 : ']}'.includes(c) ? -1 : 0),
        0,
      );
      while (depth > 0 && this.peek()) {
        const text = this.peek()!.text;
        raw += ` ${text}`;
        depth += [...text].reduce(
          (d, c) => d + ('{['.includes(c) ? 1 : ']}'.includes(c) ? -1 : 0),
          0,
        );
        this.index++;
      }
      return raw;
    }
    // Plain multi-line scalars: continuation lines are more indented and are not entries.
    let text = unquote(value);
    for (
      let line = this.peek();
      line && line.indent > indent && !KEY.test(line.text) && !line.text.startsWith('- ');
      line = this.peek()
    ) {
      text += ` ${line.text}`;
      this.index++;
    }
    return text;
  }
}

export function readYaml(source: string): YamlValue {
  const lines: Line[] = [];
  for (const line of source.split(/\r?\n/)) {
    const text = stripComment(line.trimStart());
    if (text !== '') lines.push({ indent: line.length - line.trimStart().length, text });
  }
  return new Reader(lines).block(0);
}
