/**
 * What a saved request expects of its answer when a collection is run (docs/collections.md,
 * "Running a collection"): a status (`201`, or a class `2xx`) and values at JSON paths
 * (`$.consentStatus == "received"`, `$.consentId exists`). Declarative data, never a script: a
 * collection file is untrusted input, so the workbench judges these itself. Pure.
 *
 * JSON paths are a small subset, documented there: `$`, then `.name`, `["name"]` or `[index]`
 * steps (`$._links.scaRedirect.href`, `$.accounts[0].iban`).
 */
import type { JsonValue } from '../../shared/json.js';
import { assertionName, type RequestAssertion } from '../../shared/assertion-words.js';

export { assertionName, type RequestAssertion };

/** A status as an assertion names it: three digits, or a class such as `2xx`. */
export const STATUS_EXPECTATION_PATTERN = '^[1-5](?:[0-9]{2}|xx)$';

/** What a run found for one assertion. */
export interface AssertionResult {
  /** The assertion in words (`status 2xx`, `$.consentStatus == "received"`). */
  name: string;
  passed: boolean;
  /** Why it failed: what the answer had instead. */
  message?: string;
}

export type JsonPathStep = string | number;

/** The steps of a JSON path of the subset, or an error naming what is wrong with it. */
export function jsonPathSteps(path: string): JsonPathStep[] {
  if (!path.startsWith('$'))
    throw new Error(`The JSON path '${path}' does not begin with '$' (e.g. $.consentStatus).`);
  const steps: JsonPathStep[] = [];
  const step = /^(?:\.([A-Za-z_][\w-]*)|\[(\d{1,6})\]|\["((?:[^"\\]|\\.)*)"\])/;
  let rest = path.slice(1);
  while (rest) {
    const match = step.exec(rest);
    if (!match)
      throw new Error(
        `The JSON path '${path}' has '${rest}' where a step (.name, ["name"] or [index]) belongs.`,
      );
    if (match[1] !== undefined) steps.push(match[1]);
    else if (match[2] !== undefined) steps.push(Number(match[2]));
    else steps.push(JSON.parse(`"${match[3]}"`) as string);
    rest = rest.slice(match[0].length);
  }
  return steps;
}

/** The value at the steps, own properties and array items only; `undefined` when absent. */
export function valueAt(json: unknown, steps: readonly JsonPathStep[]): unknown {
  let node = json;
  for (const step of steps) {
    if (typeof step === 'number') {
      if (!Array.isArray(node) || step >= node.length) return undefined;
      node = node[step];
    } else {
      if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
      if (!Object.hasOwn(node, step)) return undefined;
      node = (node as Record<string, unknown>)[step];
    }
  }
  return node;
}

/** A JSON path of the subset as it starts an assertion's words (`$.a["b c"][0]`). */
const PATH = String.raw`\$(?:\.[A-Za-z_][\w-]*|\[\d{1,6}\]|\["(?:[^"\\]|\\.)*"\])*`;

/**
 * An assertion from its words, as assertionName writes them (`status 201`, `status 2xx`,
 * `$.a == "x"`, `$.a exists`): what a user types. Throws naming what is wrong.
 */
export function parsedAssertion(text: string): RequestAssertion {
  const line = text.trim();
  const status = /^status\s+(\S+)$/.exec(line);
  if (status) {
    if (!new RegExp(STATUS_EXPECTATION_PATTERN).test(status[1]!))
      throw new Error(`'${status[1]}' is not a status: give three digits (201) or a class (2xx).`);
    return { kind: 'status', expected: status[1]! };
  }
  const exists = new RegExp(`^(${PATH})\\s+exists$`).exec(line);
  if (exists) {
    jsonPathSteps(exists[1]!);
    return { kind: 'json', path: exists[1]!, op: 'exists' };
  }
  const equals = new RegExp(`^(${PATH})\\s*==\\s*(.+)$`).exec(line);
  if (equals) {
    jsonPathSteps(equals[1]!);
    let value: JsonValue;
    try {
      value = JSON.parse(equals[2]!) as JsonValue;
    } catch {
      throw new Error(
        `'${equals[2]}' is not a JSON value: quote a text ("received"), or give a number, true, false or null.`,
      );
    }
    return { kind: 'json', path: equals[1]!, op: 'equals', value };
  }
  throw new Error(
    `'${line}' is not an assertion: write 'status 201', 'status 2xx', '$.path == "value"' or '$.path exists'.`,
  );
}

/** Whether a status matches an expectation of three digits or of a class (`2xx`). */
export function statusMatches(status: number, expected: string): boolean {
  return /xx$/.test(expected)
    ? String(status).startsWith(expected[0]!) && status >= 100 && status <= 599
    : String(status) === expected;
}

/** JSON equality by value (key order aside). */
function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every(
      (key) =>
        Object.hasOwn(b, key) &&
        sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}

/** What the answer had, in a few words, for a failure message. */
function shown(value: unknown): string {
  if (value === undefined) return 'nothing there';
  const text = JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** The assertion judged against an answer (`undefined`: no answer came). */
export function judged(
  assertion: RequestAssertion,
  answer: { status: number; json?: unknown } | undefined,
): AssertionResult {
  const name = assertionName(assertion);
  if (!answer) return { name, passed: false, message: 'no answer' };
  if (assertion.kind === 'status')
    return statusMatches(answer.status, assertion.expected)
      ? { name, passed: true }
      : { name, passed: false, message: `the status was ${answer.status}` };
  if (answer.json === undefined) return { name, passed: false, message: 'the answer is not JSON' };
  const found = valueAt(answer.json, jsonPathSteps(assertion.path));
  if (assertion.op === 'exists')
    return found !== undefined
      ? { name, passed: true }
      : { name, passed: false, message: `${assertion.path} is not in the answer` };
  return sameJson(found, assertion.value)
    ? { name, passed: true }
    : { name, passed: false, message: `${assertion.path} was ${shown(found)}` };
}

/**
 * `root` followed by the path's steps as a JavaScript member expression (`root.a["b c"][0]`): how
 * Postman's test scripts and Bruno's assert block reach a JSON path of the answer.
 */
export function javascriptPath(root: string, path: string): string {
  return (
    root +
    jsonPathSteps(path)
      .map((step) =>
        typeof step === 'number'
          ? `[${step}]`
          : /^[A-Za-z_$][\w$]*$/.test(step)
            ? `.${step}`
            : `[${JSON.stringify(step)}]`,
      )
      .join('')
  );
}
