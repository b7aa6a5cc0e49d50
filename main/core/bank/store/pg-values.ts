/**
 * Rows for an INSERT's VALUES list, each field a parameter of its own (`($1, $2), ($3, $4)`),
 * PostgreSQL taking each parameter's type from its column. The shared log's and the entity
 * writes' rows go this way: a parameter is sent as it is, while rows gathered into one JSON text
 * (json_to_recordset) escaped every record a second time and made one text of the whole batch,
 * which the driver then measured and copied again; an array parameter the driver escapes
 * character by character in JavaScript (docs/performance.md, "Rows as parameters").
 */

/** PostgreSQL's limit on a statement's parameters. */
export const MAX_PARAMETERS = 65_535;

/**
 * `rows` as a VALUES list whose parameters are numbered after `values`' (appended to it).
 * Throws when the statement would pass MAX_PARAMETERS: its caller splits its rows.
 */
export function valuesList(rows: readonly (readonly unknown[])[], values: unknown[]): string {
  const width = rows[0]?.length ?? 0;
  if (values.length + rows.length * width > MAX_PARAMETERS)
    throw new Error(`${rows.length} rows of ${width} fields pass ${MAX_PARAMETERS} parameters`);
  const list: string[] = [];
  for (const row of rows) {
    const numbers: string[] = [];
    for (const field of row) numbers.push(`$${values.push(field)}`);
    list.push(`(${numbers.join(', ')})`);
  }
  return list.join(', ');
}
