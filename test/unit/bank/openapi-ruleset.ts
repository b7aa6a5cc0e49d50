/**
 * The one place the OpenAPI tests configure Redocly (@redocly/openapi-core): its `recommended`
 * ruleset, every rule at the severity Redocly gives it, except the rules turned off below, each
 * with its reason. Keep this list short: a rule belongs here only when the bank cannot honour it
 * without stating something untrue.
 */
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';

export const RULES_TURNED_OFF: Readonly<Record<string, 'off'>> = {
  // The workbench is a private package without a licence (package.json "private": true, no
  // LICENSE file); a `license` in info would state a licence nobody granted.
  'info-license': 'off',
};

/** Redocly's recommended ruleset over the document; every problem, errors and warnings alike. */
export async function redoclyProblems(document: unknown): Promise<NormalizedProblem[]> {
  const config = await createConfig({ extends: ['recommended'], rules: { ...RULES_TURNED_OFF } });
  return lintFromString({
    source: JSON.stringify(document),
    absoluteRef: '/openapi.json',
    config,
  });
}

/** One line per problem: severity, rule, where, what. */
export const problemLines = (problems: readonly NormalizedProblem[]): string[] =>
  problems.map(
    (problem) =>
      `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`,
  );
