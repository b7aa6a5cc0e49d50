/**
 * The one interpreter of PSU steps (steps.ts). It decides which rule plays a page and what each
 * action does to the page's form; a `PageSurface` carries it out — over fetched HTML in the
 * headless agent (agent.ts), in a Chromium page in the browser agent (psu-browser/). Both engines
 * therefore fail the same way, with the same words, when a script does not fit a bank's pages.
 */
import { parseSelector, type ParsedSelector } from './selector.js';
import {
  type PageMatch,
  type PageRule,
  type PsuAction,
  type PsuSteps,
  type PsuVariables,
} from './steps.js';
import type { AgentIntent } from './script.js';

/** A control of the form a rule plays, as the engine sees it. */
export interface ControlView {
  tag: string;
  /** input type, `select`, `textarea`, or a button's type. */
  type: string;
  name?: string;
  value: string;
  checked: boolean;
  /** Text of the control's <label>. */
  label?: string;
  /** Text inside a <button>. */
  text?: string;
  attributes: Record<string, string>;
  options?: { value: string; label: string }[];
}

export interface FoundElement {
  attributes: Record<string, string>;
  text: string;
}

/** What an engine offers the interpreter on one page. */
export interface PageSurface {
  readonly url: URL;
  /** Elements `selector` finds on the page, in document order. */
  find(selector: ParsedSelector): Promise<FoundElement[]>;
  /**
   * Chooses the form the rule plays: the first matching `selector`, or else the first form with
   * a control named `containing`, or else the first form. False when there is none.
   */
  useForm(selector: ParsedSelector | undefined, containing: string | undefined): Promise<boolean>;
  /** The controls of the chosen form, in document order; indexes below refer to this list. */
  controls(): Promise<ControlView[]>;
  fill(index: number, value: string): Promise<void>;
  /** Checks or unchecks a box; checking a radio unchecks the rest of its group. */
  setChecked(index: number, checked: boolean): Promise<void>;
  select(index: number, value: string): Promise<void>;
}

/** A script that does not fit the page; the engines add the pages seen so far. */
export class PsuPlayError extends Error {
  override readonly name = 'PsuPlayError';
}

/** The variables of a check's script (steps.ts PSU_STEPS_VARIABLES). */
export function psuVariablesOf(script: AgentIntent): Record<string, string | string[]> {
  const accounts = script.accounts;
  return {
    login: script.nationalIdentityNumber,
    password: script.password ?? '',
    context:
      script.context === undefined ? '' : script.context === 'PRIVATE' ? 'PRIVATE' : 'CORPORATE',
    agreement: typeof script.context === 'object' ? script.context.agreementName : '',
    // `revoke: ['*']`: the consent grants exactly `grant`, whatever the bank preselected (§1:
    // accounts granted earlier are ticked already on a bank that is not fresh).
    accounts:
      accounts === 'all'
        ? 'all'
        : accounts
          ? accounts.revoke?.includes('*')
            ? 'exactly'
            : 'listed'
          : '',
    grant: typeof accounts === 'object' ? [...accounts.grant] : [],
    revoke:
      typeof accounts === 'object' ? (accounts.revoke ?? []).filter((name) => name !== '*') : [],
    action: script.action ?? 'confirm',
    cancelAt: script.cancelAt ?? '',
    oneTimeCode:
      script.oneTimeCode === undefined || script.oneTimeCode === 'auto' ? '' : script.oneTimeCode,
  };
}

const asText = (value: string | readonly string[] | undefined) =>
  value === undefined ? '' : typeof value === 'string' ? value : value.join(',');

/** `${name}` references replaced by their values; a list only where a list is wanted. */
export function expandTemplate(template: string, variables: PsuVariables): string {
  return template.replace(/\$\{([^}]*)\}/g, (_, name: string) => {
    const value = variables[name];
    if (value === undefined)
      throw new PsuPlayError(`\${${name}} has no value (no script variable or earlier read)`);
    if (typeof value !== 'string')
      throw new PsuPlayError(`\${${name}} is a list: use it alone in tick or untick values`);
    return value;
  });
}

function expandList(values: string | readonly string[], variables: PsuVariables): string[] {
  const lone = typeof values === 'string' ? /^\$\{([^}]*)\}$/.exec(values) : null;
  if (lone) {
    const value = variables[lone[1]!];
    if (value !== undefined && typeof value !== 'string') return [...value];
  }
  return (typeof values === 'string' ? [values] : values).map((v) => expandTemplate(v, variables));
}

function holds(condition: Record<string, string | string[]>, variables: PsuVariables): boolean {
  return Object.entries(condition).every(([name, expected]) =>
    (typeof expected === 'string' ? [expected] : expected).includes(asText(variables[name])),
  );
}

/** Whether an action's `when` holds and its `unless` does not. */
export function applies(action: PsuAction, variables: PsuVariables): boolean {
  return (
    (!action.when || holds(action.when, variables)) &&
    (!action.unless || !holds(action.unless, variables))
  );
}

/** Whether the page at `url` fits `match` (every part given must hold). */
export async function pageMatches(
  match: PageMatch,
  url: URL,
  find: PageSurface['find'],
): Promise<boolean> {
  if (match.path !== undefined && !new RegExp(match.path).test(url.pathname)) return false;
  if (match.selector !== undefined && (await find(parseSelector(match.selector))).length === 0)
    return false;
  if (
    match.testid !== undefined &&
    (await find({ attributes: [{ name: 'data-testid', value: match.testid }] })).length === 0
  )
    return false;
  return true;
}

/** The first rule of `steps` that fits the page. */
export async function ruleFor(
  steps: PsuSteps,
  url: URL,
  find: PageSurface['find'],
): Promise<PageRule | undefined> {
  for (const rule of steps.pages) if (await pageMatches(rule.match, url, find)) return rule;
  return undefined;
}

/** What the evidence says about a page: its step, title and error, as the script locates them. */
export async function describePage(
  steps: PsuSteps,
  find: PageSurface['find'],
): Promise<{ step?: string; title?: string; error?: string }> {
  const described: { step?: string; title?: string; error?: string } = {};
  if (steps.stepOf) {
    const [element] = await find(parseSelector(steps.stepOf.selector));
    const step = element?.attributes[steps.stepOf.attribute.toLowerCase()];
    if (step !== undefined) described.step = step;
  }
  if (steps.titleOf !== undefined) {
    const [element] = await find(parseSelector(steps.titleOf));
    if (element) described.title = element.text;
  }
  for (const selector of steps.errorOf ?? []) {
    const [element] = await find(parseSelector(selector));
    if (element) {
      described.error = element.text;
      break;
    }
  }
  return described;
}

const DEFAULT_BY = ['value', 'label'];

function candidatesOf(control: ControlView, by: readonly string[]): string[] {
  return by.flatMap((key) => {
    const value =
      key === 'value'
        ? control.value
        : key === 'label'
          ? control.label
          : key === 'text'
            ? control.text
            : control.attributes[key.toLowerCase()];
    return value === undefined ? [] : [value.trim().toLowerCase()];
  });
}

const offeredText = (controls: ControlView[]) =>
  controls.map((c) => c.label ?? c.attributes['data-label'] ?? c.value).join(', ') || 'nothing';

const isButton = (c: ControlView) => c.tag === 'button' || ['submit', 'image'].includes(c.type);

/** What playing a page decided: the button to submit with, and whether the TPP must be next. */
export interface PagePlay {
  submitter: number;
  expectRedirect: boolean;
}

/**
 * Plays `rule` on the page: runs its actions in order until the first `submit` that applies
 * (actions after it are not run, except `expectRedirect`). Variables set by `read` are written to
 * `variables` and stay for later pages.
 */
export async function playPage(
  rule: PageRule,
  surface: PageSurface,
  variables: Record<string, string | readonly string[]>,
): Promise<PagePlay> {
  const where = `the ${rule.name} page`;
  const firstSubmit = rule.actions.find(
    (a): a is Extract<PsuAction, { submit: string }> => 'submit' in a,
  );
  const formSelector = rule.form !== undefined ? parseSelector(rule.form) : undefined;
  if (!(await surface.useForm(formSelector, firstSubmit?.submit || undefined)))
    throw new PsuPlayError(
      `${where} has no form${rule.form !== undefined ? ` matching ${rule.form}` : ''}`,
    );
  let controls = await surface.controls();
  const named = (name: string) =>
    controls.flatMap((c, index) => (c.name === name && !isButton(c) ? [{ c, index }] : []));
  const noMatch = (
    action: { noMatch?: string },
    wanted: string,
    offered: ControlView[],
    fallback: string,
  ) =>
    new PsuPlayError(
      action.noMatch !== undefined
        ? expandTemplate(action.noMatch, { ...variables, wanted, offered: offeredText(offered) })
        : `${fallback}; it offers ${offeredText(offered)}`,
    );

  let expectRedirect = false;
  let submitter: number | undefined;
  for (const action of rule.actions) {
    if (!applies(action, variables)) continue;
    if ('expectRedirect' in action) {
      expectRedirect = true;
      continue;
    }
    if (submitter !== undefined) continue;
    if ('fill' in action) {
      const fields = named(action.fill);
      if (fields.length === 0) throw new PsuPlayError(`${where} has no field '${action.fill}'`);
      const value = expandTemplate(action.value, variables);
      for (const { index } of fields) await surface.fill(index, value);
    } else if ('choose' in action) {
      const options = named(action.choose);
      if (options.length === 0) throw new PsuPlayError(`${where} has no choice '${action.choose}'`);
      const asked = expandTemplate(action.value, variables);
      const wanted = asked.trim().toLowerCase();
      const by = action.by ?? DEFAULT_BY;
      const select = options.find(({ c }) => c.tag === 'select');
      if (select) {
        const option = (select.c.options ?? []).find((o) =>
          by.some(
            (key) =>
              (key === 'label' || key === 'text' ? o.label : o.value).trim().toLowerCase() ===
              wanted,
          ),
        );
        if (!option)
          throw noMatch(
            action,
            asked,
            (select.c.options ?? []).map((o) => ({ ...select.c, value: o.value, label: o.label })),
            `${where}: no option of '${action.choose}' matches '${wanted}'`,
          );
        await surface.select(select.index, option.value);
      } else {
        const choice = options.find(({ c }) => candidatesOf(c, by).includes(wanted));
        if (!choice)
          throw noMatch(
            action,
            asked,
            options.map(({ c }) => c),
            `${where}: no '${action.choose}' choice matches '${wanted}'`,
          );
        await surface.setChecked(choice.index, true);
      }
    } else if ('tick' in action || 'untick' in action) {
      const name = 'tick' in action ? action.tick : action.untick;
      const checked = 'tick' in action;
      const boxes = named(name).filter(({ c }) => c.type === 'checkbox');
      if (action.all) for (const { index } of boxes) await surface.setChecked(index, checked);
      for (const wanted of action.values !== undefined
        ? expandList(action.values, variables)
        : []) {
        const want = wanted.trim().toLowerCase();
        const box = boxes.find(({ c }) => candidatesOf(c, action.by ?? DEFAULT_BY).includes(want));
        if (!box)
          throw noMatch(
            action,
            wanted,
            boxes.map(({ c }) => c),
            `${where}: no '${name}' box matches '${wanted}'`,
          );
        await surface.setChecked(box.index, checked);
      }
    } else if ('read' in action) {
      const [element] = await surface.find(parseSelector(action.read));
      const value =
        action.attribute !== undefined
          ? element?.attributes[action.attribute.toLowerCase()]
          : element?.text;
      if (value === undefined)
        throw new PsuPlayError(
          action.noMatch !== undefined
            ? expandTemplate(action.noMatch, variables)
            : `${where} shows nothing matching ${action.read} to read into \${${action.into}}`,
        );
      variables[action.into] = value.trim();
    } else if ('fail' in action) {
      throw new PsuPlayError(expandTemplate(action.fail, variables));
    } else if ('submit' in action) {
      controls = await surface.controls();
      const name = expandTemplate(action.submit, variables);
      const value =
        action.value !== undefined ? expandTemplate(action.value, variables) : undefined;
      const label = action.label?.trim().toLowerCase();
      const index = controls.findIndex(
        (c) =>
          isButton(c) &&
          (name === '' || c.name === name) &&
          (value === undefined || c.value === value) &&
          (label === undefined || (c.text ?? c.value).trim().toLowerCase() === label),
      );
      if (index < 0)
        throw new PsuPlayError(
          `${where} has no '${value ?? action.label ?? name}' button${name !== '' ? ` named '${name}'` : ''}`,
        );
      submitter = index;
    }
    if (!('submit' in action)) controls = await surface.controls();
  }
  if (submitter === undefined)
    throw new PsuPlayError(`${where}: no submit of the rule '${rule.name}' applies`);
  return { submitter, expectRedirect };
}
