/**
 * What the PSU's browser sends to the SCA site: an application/x-www-form-urlencoded form and
 * cookies. Anything else is a clear error for an error page, never an exception.
 */

export class FormError extends Error {
  override readonly name = 'FormError';
}

/** Field name → values in document order. */
export type FormFields = ReadonlyMap<string, readonly string[]>;

const MAX_FIELDS = 500;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Parses a form POST body; throws FormError naming the problem. */
export function parseForm(body: Buffer, contentType: string | undefined): FormFields {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/x-www-form-urlencoded')
    throw new FormError(
      `the form must be sent as application/x-www-form-urlencoded (got ${contentType ? `'${contentType}'` : 'no Content-Type'})`,
    );
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw new FormError('the form is not valid UTF-8');
  }
  const fields = new Map<string, string[]>();
  let count = 0;
  for (const [name, value] of new URLSearchParams(text)) {
    if (++count > MAX_FIELDS) throw new FormError(`the form has more than ${MAX_FIELDS} fields`);
    const values = fields.get(name);
    if (values) values.push(value);
    else fields.set(name, [value]);
  }
  return fields;
}

/** A single-valued field; a field sent twice is refused (FormError). */
export function field(fields: FormFields, name: string): string | undefined {
  const values = fields.get(name);
  if (values === undefined) return undefined;
  if (values.length > 1) throw new FormError(`the form field '${name}' is sent more than once`);
  return values[0];
}

/** Cookie header → name → value (first occurrence wins). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    if (!cookies.has(name)) cookies.set(name, part.slice(at + 1).trim());
  }
  return cookies;
}
