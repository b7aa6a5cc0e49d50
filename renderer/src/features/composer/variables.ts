/**
 * Per-target variables: ids captured from the bank's answers (consentId, paymentId,
 * authorisationId, basketId, resourceId — an account's id —, transactionId, the scaRedirect link)
 * and the PSU-ID / PSU-Corporate-ID the SCA identified (§5.3), offered for path parameters and
 * usable as `{{name}}` in path parameters, query, headers and body. Pure; environments.ts keeps
 * them per environment, the host keeps them on disk (docs/variables.md).
 */
import type { RequestDraft } from './request-model';
import {
  capturedFrom,
  CAPTURED_FIELDS,
  substituted,
  unknownReferences,
} from '../../../../main/shared/variable-references';

export { capturedFrom, CAPTURED_FIELDS };

/** One value of a variable and the request whose answer carried it. */
export interface CapturedValue {
  value: string;
  from: string;
  /**
   * Secret: masked in the panel, shown as `{{name}}` in History and exports, kept sealed at rest
   * (docs/variables.md, "Secret values").
   */
  secret?: boolean;
  /** Still sealed: the keystore is locked, so the value cannot be used yet. */
  sealed?: string;
}

/** Variable name → its values, latest first. */
export type Variables = Record<string, CapturedValue[]>;

/** How many values of one variable are kept. */
const KEPT = 10;

/** The variables after an answer: its values first, the older ones after, at most `KEPT` each. */
export function withCaptured(
  variables: Variables,
  captured: Record<string, string[]>,
  from: string,
): Variables {
  const next: Variables = { ...variables };
  for (const [name, values] of Object.entries(captured)) {
    // A secret stays secret when a new value of it arrives.
    const secret = variables[name]?.[0]?.secret ? { secret: true } : {};
    const fresh = values.map((value) => ({ value, from, ...secret }));
    const older = (variables[name] ?? []).filter((v) => !values.includes(v.value));
    next[name] = [...fresh, ...older].slice(0, KEPT);
  }
  return next;
}

/** Name → the value `{{name}}` stands for: each variable's latest, and the PSU-ID if known. */
export function variableValues(variables: Variables, psuId?: string): Record<string, string> {
  const values: Record<string, string> = Object.create(null);
  // A sealed value is not known yet: it is no value, and lockedSecrets names it.
  for (const [name, list] of Object.entries(variables))
    if (list[0] && list[0].sealed === undefined) values[name] = list[0].value;
  if (psuId) values.psuId = psuId;
  return values;
}

/** The secrets whose value is still sealed because the keystore is locked. */
export function lockedSecrets(variables: Variables): Set<string> {
  return new Set(
    Object.entries(variables)
      .filter(([, list]) => list[0]?.sealed !== undefined)
      .map(([name]) => name),
  );
}

/** What the panel shows of a value: a secret masked unless revealed, a sealed one as such. */
export function shownValue(entry: CapturedValue | undefined, current: string, revealed: boolean) {
  if (entry?.sealed !== undefined) return 'sealed: unlock the keystore (Certificates) to use it';
  if (entry?.secret && !revealed) return '••••••';
  return current;
}

/**
 * What the PSU session says after SCA (§5.3): the PSU-ID and PSU-Corporate-ID the bank identified,
 * as variables `psuId` and `psuCorporateId`; nothing for what it does not know.
 */
export function capturedFromSession(session: {
  psuId?: string | null | undefined;
  psuCorporateId?: string | null | undefined;
}): Record<string, string[]> {
  return {
    ...(session.psuId ? { psuId: [session.psuId] } : {}),
    ...(session.psuCorporateId ? { psuCorporateId: [session.psuCorporateId] } : {}),
  };
}

/** The variable a path parameter takes its values from: the same name; `account-id` a resourceId. */
export function variableOfParameter(parameter: string): string {
  return parameter === 'account-id' ? 'resourceId' : parameter;
}

/**
 * The draft with every `{{name}}` the values know replaced (the path or URL, path parameters,
 * query, headers, body).
 */
export function resolvedDraft(draft: RequestDraft, values: Record<string, string>): RequestDraft {
  return {
    ...draft,
    pathTemplate: substituted(draft.pathTemplate, values),
    pathParams: Object.fromEntries(
      Object.entries(draft.pathParams).map(([n, v]) => [n, substituted(v, values)]),
    ),
    query: draft.query.map((r) => ({ ...r, value: substituted(r.value, values) })),
    headers: draft.headers.map((r) => ({ ...r, value: substituted(r.value, values) })),
    body: substituted(draft.body, values),
  };
}

/**
 * `{{name}}` references the values do not know, in words, anywhere in the request (the path or
 * URL included); empty when every one resolves. A secret still sealed is named as such: it is
 * never sent empty.
 */
export function unknownVariables(
  draft: RequestDraft,
  values: Record<string, string>,
  locked: ReadonlySet<string> = new Set(),
): string[] {
  const texts = [
    draft.pathTemplate,
    ...Object.values(draft.pathParams),
    ...draft.query.filter((r) => r.enabled).map((r) => r.value),
    ...draft.headers.filter((r) => r.enabled).map((r) => r.value),
    draft.body,
  ];
  return unknownReferences(texts, values).map((name) =>
    locked.has(name)
      ? `Unlock the keystore (Certificates) to use the secret {{${name}}}: its value is sealed.`
      : `No variable {{${name}}} on this target yet.`,
  );
}
