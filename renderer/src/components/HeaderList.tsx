interface HeaderListProps {
  headers: Record<string, string>;
  testId?: string;
  /** Optional badge per header name (where it came from). */
  badge?(name: string): string | undefined;
}

/** Values longer than this (certificates, signatures) are folded to keep the table readable. */
const FOLD_AT = 160;

function HeaderValue({ value }: { value: string }) {
  if (value.length <= FOLD_AT) return <code>{value}</code>;
  return (
    <details className="folded">
      <summary>
        <code>{value.slice(0, 72)}…</code>{' '}
        <span className="muted">({value.length} characters)</span>
      </summary>
      <code>{value}</code>
    </details>
  );
}

/** Headers as a two-column table, long values folded. */
export function HeaderList({ headers, testId, badge }: HeaderListProps) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return <p className="muted">No headers.</p>;
  return (
    <table className="headers" data-testid={testId}>
      <tbody>
        {entries.map(([name, value]) => {
          const mark = badge?.(name);
          return (
            <tr key={name} data-header={name}>
              <th scope="row">
                {name}
                {mark && <span className={`badge badge-${mark}`}>{mark}</span>}
              </th>
              <td>
                <HeaderValue value={value} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
