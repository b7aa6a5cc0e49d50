/** Path templates of the endpoint catalogue (`/v1/accounts/{account-id}`). Pure. */

export function pathParameterNames(template: string): string[] {
  return [...new Set([...template.matchAll(/\{([^}/]+)\}/g)].map((m) => m[1]!))];
}

/** The path with each parameter percent-encoded; an empty parameter stays as its placeholder. */
export function fillPath(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([^}/]+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    return value ? encodeURIComponent(value) : placeholder;
  });
}

export function missingPathParameters(
  template: string,
  values: Readonly<Record<string, string>>,
): string[] {
  return pathParameterNames(template).filter((name) => !values[name]);
}
