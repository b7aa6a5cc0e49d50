/**
 * A structural linter for the OpenAPI 3.x document the bank serves at /openapi.json. It checks what
 * a client generator or an API viewer relies on, without a
 * validator package: the version and info fields, every operation's operationId (unique),
 * responses and parameters, that every `$ref` resolves inside the document, that every `{name}` in
 * a path template is declared as a path parameter (and no undeclared one is), and that every tag an
 * operation uses is declared in the top-level `tags`. OpenAPI 3.0.3 §4.7 is the reference for each
 * rule; a problem is one sentence naming where it is.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const PARAMETER_LOCATIONS = new Set(['query', 'header', 'path', 'cookie']);
/** OpenAPI 3.0.3 §4.7.16: an HTTP status code, a range such as 4XX, or `default`. */
const RESPONSE_KEY = /^(?:[1-5](?:\d\d|XX)|default)$/;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmptyString = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

/** RFC 6901 JSON Pointer after `#`, against the document; undefined when it leads nowhere. */
function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const pointer = ref.slice(1);
  if (pointer === '') return document;
  if (!pointer.startsWith('/')) return undefined;
  let node: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node) && /^\d+$/.test(key)) node = node[Number(key)];
    else if (isObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

/** Every `$ref` string in the document with the JSON path where it occurs. */
function collectRefs(node: unknown, at: string, found: { ref: string; at: string }[]): void {
  if (Array.isArray(node))
    node.forEach((item, index) => collectRefs(item, `${at}[${index}]`, found));
  else if (isObject(node))
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push({ ref: value, at });
      else collectRefs(value, `${at}.${key}`, found);
    }
}

/** A parameter object as declared, following a `$ref` to components.parameters. */
function parameterAt(document: unknown, parameter: unknown): unknown {
  if (isObject(parameter) && typeof parameter.$ref === 'string')
    return resolvePointer(document, parameter.$ref);
  return parameter;
}

function lintParameters(
  document: unknown,
  list: unknown,
  where: string,
  problems: string[],
): Json[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    problems.push(`${where}: parameters is not an array`);
    return [];
  }
  const declared: Json[] = [];
  const seen = new Set<string>();
  list.forEach((entry, index) => {
    const parameter = parameterAt(document, entry);
    const at = `${where} parameter ${index}`;
    if (!isObject(parameter)) {
      problems.push(`${at}: not an object (or its $ref does not resolve)`);
      return;
    }
    if (!nonEmptyString(parameter.name)) problems.push(`${at}: no name`);
    if (typeof parameter.in !== 'string' || !PARAMETER_LOCATIONS.has(parameter.in))
      problems.push(`${at} (${String(parameter.name)}): "in" is not query, header, path or cookie`);
    // §4.7.12: a parameter has either a schema or a content map.
    if (!isObject(parameter.schema) && !isObject(parameter.content))
      problems.push(`${at} (${String(parameter.name)}): no schema`);
    if (parameter.in === 'path' && parameter.required !== true)
      problems.push(`${at} (${String(parameter.name)}): a path parameter must be required`);
    // §4.7.12: a parameter is unique by name and location; header names are case-insensitive.
    const key = `${String(parameter.in)}:${parameter.in === 'header' ? String(parameter.name).toLowerCase() : String(parameter.name)}`;
    if (seen.has(key)) problems.push(`${at}: ${String(parameter.name)} declared twice`);
    seen.add(key);
    declared.push(parameter);
  });
  return declared;
}

/** The problems found, empty for a document that passes. */
export function lintOpenApiDocument(document: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(document)) return ['the document is not a JSON object'];

  if (typeof document.openapi !== 'string' || !/^3\.\d+\.\d+$/.test(document.openapi))
    problems.push(`openapi: "${String(document.openapi)}" is not an OpenAPI 3.x version`);
  const info = document.info;
  if (!isObject(info)) problems.push('info: missing');
  else {
    if (!nonEmptyString(info.title)) problems.push('info.title: missing');
    if (!nonEmptyString(info.version)) problems.push('info.version: missing');
  }

  const declaredTags = new Set<string>();
  if (document.tags !== undefined) {
    if (!Array.isArray(document.tags)) problems.push('tags: not an array');
    else
      for (const tag of document.tags) {
        if (!isObject(tag) || !nonEmptyString(tag.name))
          problems.push('tags: an entry has no name');
        else if (declaredTags.has(tag.name)) problems.push(`tags: ${tag.name} declared twice`);
        else declaredTags.add(tag.name);
      }
  }

  const operationIds = new Map<string, string>();
  if (!isObject(document.paths)) problems.push('paths: missing');
  else
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.startsWith('/')) problems.push(`paths: "${path}" does not start with /`);
      if (!isObject(item)) {
        problems.push(`${path}: not a path item object`);
        continue;
      }
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
      const shared = lintParameters(document, item.parameters, path, problems);
      const methods = METHODS.filter((method) => item[method] !== undefined);
      if (methods.length === 0) problems.push(`${path}: no operation`);
      for (const method of methods) {
        const where = `${method.toUpperCase()} ${path}`;
        const operation = item[method];
        if (!isObject(operation)) {
          problems.push(`${where}: not an operation object`);
          continue;
        }
        if (!nonEmptyString(operation.operationId)) problems.push(`${where}: no operationId`);
        else {
          const previous = operationIds.get(operation.operationId);
          if (previous)
            problems.push(
              `${where}: operationId ${operation.operationId} is also used by ${previous}`,
            );
          else operationIds.set(operation.operationId, where);
        }

        if (!isObject(operation.responses) || Object.keys(operation.responses).length === 0)
          problems.push(`${where}: no responses`);
        else
          for (const [status, response] of Object.entries(operation.responses)) {
            if (!RESPONSE_KEY.test(status))
              problems.push(`${where}: response key ${status} is not a status code`);
            const resolved =
              isObject(response) && typeof response.$ref === 'string'
                ? resolvePointer(document, response.$ref)
                : response;
            if (!isObject(resolved) || !nonEmptyString(resolved.description))
              problems.push(`${where}: response ${status} has no description`);
          }

        const own = lintParameters(document, operation.parameters, where, problems);
        // §4.7.12: operation parameters override path-level ones with the same name and location.
        const pathParameters = new Set(
          [...shared, ...own].filter((p) => p.in === 'path').map((p) => String(p.name)),
        );
        for (const name of templated)
          if (!pathParameters.has(name))
            problems.push(`${where}: path parameter {${name}} is not declared`);
        for (const name of pathParameters)
          if (!templated.includes(name))
            problems.push(`${where}: path parameter ${name} is not in the path template`);

        if (operation.tags !== undefined) {
          if (!Array.isArray(operation.tags)) problems.push(`${where}: tags is not an array`);
          else
            for (const tag of operation.tags)
              if (typeof tag !== 'string' || !declaredTags.has(tag))
                problems.push(`${where}: tag ${String(tag)} is not declared in the top-level tags`);
        }

        if (operation.requestBody !== undefined) {
          const body = operation.requestBody;
          if (!isObject(body) || (body.$ref === undefined && !isObject(body.content)))
            problems.push(`${where}: requestBody has no content`);
        }
      }
    }

  const refs: { ref: string; at: string }[] = [];
  collectRefs(document, '$', refs);
  for (const { ref, at } of refs)
    if (!ref.startsWith('#'))
      problems.push(`${at}: $ref ${ref} points outside the document (it must be self-contained)`);
    else if (resolvePointer(document, ref) === undefined)
      problems.push(`${at}: $ref ${ref} does not resolve`);

  return problems;
}
