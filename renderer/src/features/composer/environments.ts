/**
 * Named environments of one target's variables (docs/variables.md): one is active, captures go
 * into it, `{{name}}` and the path pickers read it. Switching keeps every environment's values;
 * a new environment starts empty. Pure: the store saves the result through the contract.
 */
import type { TargetVariablesView } from '../../../../main/api/contract';
import { DEFAULT_ENVIRONMENT } from '../../../../main/shared/environment';
import { withCaptured, type Variables } from './variables';

export type TargetVariables = TargetVariablesView;

export { DEFAULT_ENVIRONMENT };

export function emptyTargetVariables(): TargetVariables {
  return { active: DEFAULT_ENVIRONMENT, environments: { [DEFAULT_ENVIRONMENT]: {} } };
}

/** The active environment's variables. */
export function activeVariables(target: TargetVariables | undefined): Variables {
  return (target && target.environments[target.active]) ?? {};
}

/** The target's variables after an answer: its ids in the active environment. */
export function capturedInto(
  target: TargetVariables | undefined,
  captured: Record<string, string[]>,
  from: string,
): TargetVariables {
  const base = target ?? emptyTargetVariables();
  return {
    ...base,
    environments: {
      ...base.environments,
      [base.active]: withCaptured(activeVariables(base), captured, from),
    },
  };
}

/** A name an environment may have: not empty, one line, at most 60 characters. */
export function environmentNameProblem(
  target: TargetVariables | undefined,
  name: string,
): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the environment a name.';
  if (trimmed.length > 60) return 'An environment name has at most 60 characters.';
  if (/[\r\n]/.test(trimmed)) return 'An environment name is one line.';
  if (target && trimmed in target.environments)
    return `This target has an environment '${trimmed}' already.`;
  return undefined;
}

/** A new, empty environment, made active. */
export function withEnvironment(
  target: TargetVariables | undefined,
  name: string,
): TargetVariables {
  const base = target ?? emptyTargetVariables();
  const trimmed = name.trim();
  return { active: trimmed, environments: { ...base.environments, [trimmed]: {} } };
}

/** Another environment made active; an unknown name changes nothing. */
export function switchedTo(target: TargetVariables | undefined, name: string): TargetVariables {
  const base = target ?? emptyTargetVariables();
  return name in base.environments ? { ...base, active: name } : base;
}

/** The active environment without one variable. */
export function withoutVariable(target: TargetVariables, name: string): TargetVariables {
  const { [name]: _gone, ...rest } = activeVariables(target);
  return { ...target, environments: { ...target.environments, [target.active]: rest } };
}

/** One variable set by hand in the active environment (first among its values), maybe secret. */
export function withVariable(
  target: TargetVariables | undefined,
  name: string,
  value: string,
  secret = false,
) {
  const next = capturedInto(target, { [name]: [value] }, 'set by hand');
  return secret ? withSecretMark(next, name, true) : next;
}

/**
 * A variable of the active environment marked secret or not, each of its values. A value still
 * sealed (the keystore locked) stays secret: unmarking it would lose it.
 */
export function withSecretMark(
  target: TargetVariables,
  name: string,
  secret: boolean,
): TargetVariables {
  const list = activeVariables(target)[name];
  if (!list || list.some((v) => v.sealed !== undefined)) return target;
  const marked = list.map(({ secret: _was, ...v }) => (secret ? { ...v, secret: true } : v));
  return {
    ...target,
    environments: {
      ...target.environments,
      [target.active]: { ...activeVariables(target), [name]: marked },
    },
  };
}
