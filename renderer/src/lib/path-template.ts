/**
 * Path templates of the endpoint catalogue (`/v1/accounts/{account-id}`). Pure. A `{name}`
 * parameter is one brace pair; `{{name}}` is a variable reference (variables.ts), never a
 * parameter. Values are looked up as own properties only, so a template naming `{constructor}`
 * or `{toString}` finds no value rather than a function of Object.prototype.
 */

const PARAMETER = /(?<!\{)\{([^{}/]+)\}(?!\})/g;

const own = (values: Readonly<Record<string, string>>, name: string) =>
  Object.hasOwn(values, name) ? values[name] : undefined;

export function pathParameterNames(template: string): string[] {
  return [...new Set([...template.matchAll(PARAMETER)].map((m) => m[1]!))];
}

/** The path with each parameter percent-encoded; an empty parameter stays as its placeholder. */
export function fillPath(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PARAMETER, (placeholder, name: string) => {
    const value = own(values, name);
    return value ? encodeURIComponent(value) : placeholder;
  });
}

export function missingPathParameters(
  template: string,
  values: Readonly<Record<string, string>>,
): string[] {
  return pathParameterNames(template).filter((name) => !own(values, name));
}
