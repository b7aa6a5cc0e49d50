import { containsMatch, sizeText } from '../../../lib/json-view';

interface JsonTreeProps {
  value: unknown;
  /** Keys and values containing it are marked, and the branches holding them open. */
  search: string;
  /** A `_links` relation's href was clicked. */
  onLink(relation: string, href: string): void;
}

/** A JSON body as a foldable tree: sizes on every branch, `_links` hrefs clickable. */
export function JsonTree({ value, search, onLink }: JsonTreeProps) {
  return (
    <div className="json-tree" data-testid="response-tree">
      <JsonNode value={value} depth={0} search={search} onLink={onLink} />
    </div>
  );
}

interface NodeProps extends JsonTreeProps {
  name?: string | number;
  depth: number;
  /** Set inside `_links.<relation>`: its `href` is a link. */
  relation?: string;
  /** Set on the children of `_links`. */
  inLinks?: boolean;
  /** Set on the items of a long list: folded until opened or searched. */
  inLongList?: boolean;
}

/** Lists longer than this show their items folded. */
const LONG_LIST = 20;

/** Branches open by default: the first two levels, except long lists' items. */
function openByDefault(value: unknown, depth: number, inLongList: boolean): boolean {
  if (inLongList) return false;
  if (Array.isArray(value)) return depth === 0 || (depth < 2 && value.length <= LONG_LIST);
  return depth < 2;
}

function Marked({ text, search }: { text: string; search: string }) {
  const needle = search.trim().toLowerCase();
  const at = needle ? text.toLowerCase().indexOf(needle) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark>{text.slice(at, at + needle.length)}</mark>
      {text.slice(at + needle.length)}
    </>
  );
}

function Key({ name, search }: { name?: string | number; search: string }) {
  if (name === undefined) return null;
  return (
    <>
      <span className={typeof name === 'number' ? 'json-index' : 'json-key'}>
        {typeof name === 'number' ? name : <Marked text={name} search={search} />}
      </span>
      <span className="json-punct">: </span>
    </>
  );
}

function JsonNode({
  name,
  value,
  depth,
  search,
  onLink,
  relation,
  inLinks,
  inLongList = false,
}: NodeProps) {
  const empty =
    typeof value === 'object' &&
    value !== null &&
    (Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0);
  if (typeof value === 'object' && value !== null && !empty) {
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [index, item])
      : Object.entries(value);
    const open =
      (search.trim() !== '' && containsMatch(value, search)) ||
      // A link's relation shows its href: links are for clicking.
      (inLinks && !inLongList) ||
      openByDefault(value, depth, inLongList);
    const [start, end] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
    return (
      <details open={open} className="json-branch" data-path-depth={depth}>
        <summary>
          <Key name={name} search={search} />
          <span className="json-punct">{start}</span>
          <span className="json-size" data-testid="json-size">
            {sizeText(value)}
          </span>
          <span className="json-punct">{end}</span>
        </summary>
        <div className="json-children">
          {entries.map(([key, child]) => (
            <JsonNode
              key={key}
              name={key}
              value={child}
              depth={depth + 1}
              search={search}
              onLink={onLink}
              inLinks={name === '_links'}
              inLongList={Array.isArray(value) && value.length > LONG_LIST}
              relation={inLinks && typeof name === 'string' ? name : undefined}
            />
          ))}
        </div>
      </details>
    );
  }
  const text = empty
    ? Array.isArray(value)
      ? '[]'
      : '{}'
    : typeof value === 'string'
      ? `"${value}"`
      : String(value);
  // `_links.<relation>.href`, or `_links.<relation>` given as a plain string.
  const linkRelation =
    typeof value === 'string' &&
    (relation !== undefined && name === 'href'
      ? relation
      : inLinks && typeof name === 'string'
        ? name
        : undefined);
  return (
    <div className="json-leaf">
      <Key name={name} search={search} />
      {linkRelation ? (
        <button
          type="button"
          className="link json-link"
          data-testid={`json-link-${linkRelation}`}
          title={`Follow ${linkRelation}`}
          onClick={() => onLink(linkRelation, value as string)}
        >
          <Marked text={text} search={search} />
        </button>
      ) : (
        <span className={`json-${value === null ? 'null' : typeof value}`}>
          <Marked text={text} search={search} />
        </span>
      )}
    </div>
  );
}
