/**
 * A saved request's assertions (assertions.ts) as Postman test scripts, so an exported collection
 * checks the same in Postman or newman, and read back from exactly those scripts on import. One
 * `pm.test` line per assertion, named by the assertion's words. A test script with anything else
 * in it stays inert text (inert-scripts.ts): nothing here runs or interprets a script, a line is
 * taken as an assertion only when it is, character for character, the line its name would write.
 * Pure.
 */
import {
  assertionName,
  javascriptPath,
  parsedAssertion,
  type RequestAssertion,
} from './assertions.js';
import type { InertScript } from './model.js';

/** `pm.response.json()` followed by the path's steps, as JavaScript. */
function accessor(path: string): string {
  return javascriptPath('pm.response.json()', path);
}

/** The body of the `pm.test` function for one assertion. */
function check(assertion: RequestAssertion): string {
  if (assertion.kind === 'status')
    return /xx$/.test(assertion.expected)
      ? `pm.expect(Math.floor(pm.response.code / 100)).to.eql(${assertion.expected[0]});`
      : `pm.response.to.have.status(${assertion.expected});`;
  if (assertion.op === 'exists')
    return `pm.expect(${accessor(assertion.path)}).to.not.eql(undefined);`;
  return `pm.expect(${accessor(assertion.path)}).to.eql(${JSON.stringify(assertion.value)});`;
}

/** One assertion as a Postman test line. */
export function postmanTestLine(assertion: RequestAssertion): string {
  return `pm.test(${JSON.stringify(assertionName(assertion))}, function () { ${check(assertion)} });`;
}

const NAMED = /^pm\.test\(("(?:[^"\\]|\\.)*"), function \(\) \{ /;

/** The assertion a line writes, when the line is exactly one this module writes; else undefined. */
function assertionOfLine(line: string): RequestAssertion | undefined {
  const named = NAMED.exec(line.trim());
  if (!named) return undefined;
  try {
    const assertion = parsedAssertion(JSON.parse(named[1]!) as string);
    return postmanTestLine(assertion) === line.trim() ? assertion : undefined;
  } catch {
    return undefined;
  }
}

/** A script's text as assertions when each of its non-blank lines is one; else undefined. */
export function assertionsOfScript(text: string): RequestAssertion[] | undefined {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length === 0) return undefined;
  const found = lines.map(assertionOfLine);
  return found.every((a) => a !== undefined) ? (found as RequestAssertion[]) : undefined;
}

/**
 * A request's kept scripts with the test scripts that are assertions taken out as such: what an
 * import of a workbench export reads back.
 */
export function assertionsFromScripts(scripts: InertScript[] | undefined): {
  scripts?: InertScript[];
  assertions?: RequestAssertion[];
} {
  const assertions: RequestAssertion[] = [];
  const kept: InertScript[] = [];
  for (const script of scripts ?? []) {
    const read = script.phase === 'tests' ? assertionsOfScript(script.text) : undefined;
    if (read) assertions.push(...read);
    else kept.push(script);
  }
  return {
    ...(kept.length ? { scripts: kept } : {}),
    ...(assertions.length ? { assertions } : {}),
  };
}

/** The assertions as one Postman test script (kept scripts are exported beside it). */
export function assertionsScript(assertions: RequestAssertion[] | undefined): InertScript[] {
  return assertions?.length
    ? [{ phase: 'tests', text: assertions.map(postmanTestLine).join('\n') }]
    : [];
}
