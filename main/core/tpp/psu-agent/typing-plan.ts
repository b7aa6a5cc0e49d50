/**
 * What PSU steps will type and send, as the steps say it: each field a page rule fills, chooses,
 * ticks or submits, with the value as written, so a `${env:NAME}` shows as its name and never as
 * its value. A replay through the UI shows this before it types anything (SECURITY.md): steps can
 * come from a recording a bank's page made, and the user sees which variables go where first.
 */
import { ENV_REFERENCE, templateReferences, type PsuSteps } from './steps.js';

export interface TypingPlanEntry {
  /** The page rule (`login`). */
  page: string;
  action: 'fill' | 'choose' | 'tick' | 'untick' | 'submit';
  /** The field's (or button's) name. */
  field: string;
  /** The value as the steps write it (`${env:WORKBENCH_PROFILE_PSU_PASSWORD}`, `${read_code}`). */
  value: string;
  /** The environment variables the value reads. */
  env: string[];
}

const envOf = (templates: readonly string[]) =>
  templates
    .flatMap(templateReferences)
    .map((name) => ENV_REFERENCE.exec(name)?.[1])
    .filter((name): name is string => name !== undefined);

export function typingPlanOf(steps: PsuSteps): TypingPlanEntry[] {
  const entries: TypingPlanEntry[] = [];
  for (const page of steps.pages)
    for (const action of page.actions) {
      const add = (kind: TypingPlanEntry['action'], field: string, values: readonly string[]) =>
        entries.push({
          page: page.name,
          action: kind,
          field,
          value: values.join(', '),
          env: envOf(values),
        });
      if ('fill' in action) add('fill', action.fill, [action.value]);
      else if ('choose' in action) add('choose', action.choose, [action.value]);
      else if ('tick' in action || 'untick' in action) {
        const kind = 'tick' in action ? 'tick' : 'untick';
        const field = 'tick' in action ? action.tick : action.untick;
        const values =
          action.values === undefined
            ? []
            : typeof action.values === 'string'
              ? [action.values]
              : action.values;
        add(kind, field, action.all ? ['all'] : values);
      } else if ('submit' in action)
        add('submit', action.submit, action.value === undefined ? [] : [action.value]);
    }
  return entries;
}
