/**
 * A saved request (collections, imports) into the composer's form and back. Opening one puts it on
 * the catalogue operation its path calls, `{{name}}` path segments becoming path parameters whose
 * value is the variable, so the form's pickers and `{{name}}` resolution apply as to any request;
 * saving keeps `{{name}}` in the path as written (not percent-encoded). Pure.
 */
import type { ComposedRequest, EndpointView } from '../../../../main/api/contract';
import { pathParameterNames } from '../../lib/path-template';
import {
  composedRequest,
  draftFromSaved,
  draftOnOperation,
  operationOfRequest,
  type RequestDraft,
} from './request-model';
import { variableOfParameter } from './variables';

const WHOLE_REFERENCE = /^\{\{\s*([A-Za-z][\w-]*)\s*\}\}$/;

/** `{{account-id}}` names the variable the composer keeps account ids in (`{{resourceId}}`). */
function parameterValue(name: string, value: string): string {
  const reference = WHOLE_REFERENCE.exec(value)?.[1];
  if (reference === name && variableOfParameter(name) !== name)
    return `{{${variableOfParameter(name)}}}`;
  return value;
}

/** A path's `{{name}}` segments as `{name}` parameters valued `{{name}}`. */
function withReferenceParameters(draft: RequestDraft): RequestDraft {
  const pathParams: Record<string, string> = {};
  const pathTemplate = draft.pathTemplate
    .split('/')
    .map((segment) => {
      const name = WHOLE_REFERENCE.exec(segment)?.[1];
      if (!name) return segment;
      pathParams[name] = parameterValue(name, segment);
      return `{${name}}`;
    })
    .join('/');
  return { ...draft, pathTemplate, pathParams };
}

/** The composer's form for a saved request. */
export function draftOfSaved(
  request: ComposedRequest,
  operationId: string | undefined,
  endpoints: readonly EndpointView[],
): RequestDraft {
  const draft = draftFromSaved(request, operationId);
  // An absolute URL goes where it says: no operation of the target's.
  if (!request.path.startsWith('/')) return draft;
  const called = operationOfRequest(endpoints, request.method, request.path.split('?')[0]!);
  if (!called) return withReferenceParameters({ ...draft, operationId: undefined });
  const onOperation = draftOnOperation(draft, called);
  return {
    ...onOperation,
    pathParams: Object.fromEntries(
      Object.entries(onOperation.pathParams).map(([n, v]) => [n, parameterValue(n, v)]),
    ),
  };
}

/** The request a draft saves: path parameters that are `{{name}}` stay as written. */
export function savedRequestOf(draft: RequestDraft): ComposedRequest {
  let path = draft.pathTemplate.trim() || '/';
  for (const name of pathParameterNames(path)) {
    const value = draft.pathParams[name];
    if (!value) continue;
    const written = WHOLE_REFERENCE.test(value) ? value : encodeURIComponent(value);
    path = path.split(`{${name}}`).join(written);
  }
  return composedRequest({ ...draft, pathTemplate: path, pathParams: {} });
}
