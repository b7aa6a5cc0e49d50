/**
 * `${env:NAME}` in PSU steps: a value the steps file must not hold — a password, a one-time code
 * the tester types from a device — taken from the environment of the process that plays the
 * steps (docs/sca.md, "Secrets"). Recorded steps write every secret this way (psu-recorder/).
 */
import { ENV_REFERENCE, PsuStepsError, templateReferences, type PsuSteps } from './steps.js';
import type { EnvPolicy } from '../../../shared/env-policy.js';

/** The environment variable names `steps` refers to, with the first field that does. */
export function envReferencesOf(steps: PsuSteps): Map<string, string> {
  const found = new Map<string, string>();
  steps.pages.forEach((page, i) =>
    page.actions.forEach((action, j) => {
      const templates: string[] = [];
      if ('value' in action && typeof action.value === 'string') templates.push(action.value);
      if ('fail' in action) templates.push(action.fail);
      if ('values' in action && action.values !== undefined)
        templates.push(...(typeof action.values === 'string' ? [action.values] : action.values));
      for (const name of templates.flatMap(templateReferences)) {
        const env = ENV_REFERENCE.exec(name)?.[1];
        if (env && !found.has(env)) found.set(env, `pages[${i}].actions[${j}]`);
      }
    }),
  );
  return found;
}

/**
 * The `env:NAME` variables `steps` needs, read from `env`. A variable that is not set, or that
 * `policy` does not let the steps name (steps arriving through the UI or from a recording), is an
 * error before any page is played, naming it, where the steps use it and the rule; nothing is
 * read then.
 */
export function envVariablesOf(
  steps: PsuSteps,
  env: Readonly<Record<string, string | undefined>> = process.env,
  policy?: EnvPolicy,
): Record<string, string> {
  const references = envReferencesOf(steps);
  const refused = [...references].filter(([name]) => policy && !policy.mayName(name));
  if (refused.length > 0)
    throw new PsuStepsError(
      '',
      `'${steps.name}' names environment variables it may not read: ${refused.map(([name, at]) => `${name} (${at})`).join(', ')}: ${policy!.rule}`,
    );
  const variables: Record<string, string> = {};
  const missing: string[] = [];
  for (const [name, at] of references) {
    const value = env[name];
    if (value === undefined) missing.push(`${name} (${at})`);
    else variables[`env:${name}`] = value;
  }
  if (missing.length > 0)
    throw new PsuStepsError(
      '',
      `'${steps.name}' needs environment variables that are not set: ${missing.join(', ')}`,
    );
  return variables;
}
