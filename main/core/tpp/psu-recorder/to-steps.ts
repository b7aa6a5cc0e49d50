/**
 * A recording becomes PSU steps (docs/sca.md, "Recording SCA steps"): one page rule per form the
 * tester submitted, in the format the headless and browser agents replay, checked by the same
 * validator (parsePsuSteps). Typing is kept as one `fill` per field with its last value; boxes,
 * radio buttons and options as they were submitted; the button pressed as the `submit`; the
 * redirect back to the TPP as `expectRedirect` on the page that led there. Secrets (secrets.ts)
 * are written as `${env:NAME}`, a value the page itself showed as a `read` from that element.
 */
import type { PsuAction, PageRule, PsuSteps } from '../psu-agent/steps.js';
import { parsePsuSteps } from '../psu-agent/steps.js';
import type { ControlState, ElementInfo, InputEvent, PageEvent, RecordedEvent } from './events.js';
import { isSecretField, secretEnvName } from './secrets.js';
import {
  elementSelector,
  formSelector,
  looksGenerated,
  pageMatchOf,
  pagesPathOf,
  pageStepOf,
} from './selectors.js';

export interface RecordedSteps {
  steps: PsuSteps;
  /** The environment variables replay needs, one per secret field. */
  secrets: string[];
  /** What was seen and could not be written as steps (a field without a name, …). */
  warnings: string[];
}

export interface RecordingOptions {
  /** The steps' name (recordingName; default `recorded-<host>`). */
  name?: string;
  /** When the recording was made, for the description. */
  recordedAt?: Date;
}

/** Input types typed into; the rest (boxes, radios, hidden, buttons) are read at submission. */
const TYPED = new Set(['', 'text', 'password', 'email', 'tel', 'number', 'search', 'url', 'date']);

const typeOf = (field: ElementInfo) =>
  field.tag.toLowerCase() === 'textarea' ? 'text' : (field.attributes.type ?? '').toLowerCase();

/** Successive typing into one field is one fill with the last value, where it was first typed. */
export function mergeTyping(inputs: readonly InputEvent[]): InputEvent[] {
  const merged = new Map<string, InputEvent>();
  for (const input of inputs) {
    if (input.field.tag.toLowerCase() === 'select' || !TYPED.has(typeOf(input.field))) continue;
    const key = input.field.attributes.name ?? `#${input.field.attributes.id ?? ''}`;
    const first = merged.get(key);
    // Map keeps the first insertion's position; the value is the last one typed.
    merged.set(key, first ? { ...first, value: input.value } : input);
  }
  return [...merged.values()];
}

const textOf = (text: string | undefined) => text?.replace(/\s+/g, ' ').trim() || undefined;

/** How a box or option is named in `values`/`value`: its value, unless generated; else its label. */
function keyOf(field: ElementInfo, fallbackValue?: string, fallbackLabel?: string) {
  const value = fallbackValue ?? field.attributes.value;
  if (value !== undefined && value !== '' && value !== 'on' && !looksGenerated(value))
    return { key: value, by: 'value' };
  const label = textOf(fallbackLabel ?? field.label);
  if (label) return { key: label, by: 'label' };
  return value ? { key: value, by: 'value' } : undefined;
}

const variableOf = (field: string) => `read_${field.replace(/[^A-Za-z0-9_]/g, '_')}`;

function fillActions(
  typed: InputEvent[],
  shown: Map<string, ElementInfo>,
  secrets: Set<string>,
  warnings: string[],
): PsuAction[] {
  const actions: PsuAction[] = [];
  for (const input of typed) {
    const name = input.field.attributes.name;
    if (!name) {
      warnings.push(
        `a field without a name (${input.field.attributes.id ? `id ${input.field.attributes.id}` : (input.field.label ?? 'no label')}) was typed into: PSU steps fill fields by name, so it is not recorded`,
      );
      continue;
    }
    const shownBy = shown.get(name);
    const selector = shownBy && elementSelector(shownBy);
    if (selector) {
      // The page showed the value (a code "sent to the device"): read it there on replay.
      const into = variableOf(name);
      actions.push({ read: selector, into }, { fill: name, value: `\${${into}}` });
    } else if (isSecretField(input.field)) {
      const env = secretEnvName(input.field);
      secrets.add(env);
      actions.push({ fill: name, value: `\${env:${env}}` });
    } else {
      actions.push({ fill: name, value: input.value });
    }
  }
  return actions;
}

function controlActions(controls: readonly ControlState[], warnings: string[]): PsuAction[] {
  const actions: PsuAction[] = [];
  const boxes = new Map<string, ControlState[]>();
  for (const control of controls) {
    const name = control.field.attributes.name;
    const tag = control.field.tag.toLowerCase();
    const type = typeOf(control.field);
    if (!name) {
      warnings.push(`a ${tag === 'select' ? 'select' : type} without a name is not recorded`);
      continue;
    }
    if (type === 'checkbox') {
      boxes.set(name, [...(boxes.get(name) ?? []), control]);
    } else if (type === 'radio' && control.checked) {
      const named = keyOf(control.field);
      if (named) actions.push({ choose: name, value: named.key, by: [named.by] });
    } else if (tag === 'select' && control.value !== undefined) {
      const named = keyOf(control.field, control.value, control.optionLabel ?? '');
      if (named) actions.push({ choose: name, value: named.key, by: [named.by] });
    }
  }
  for (const [name, group] of boxes) {
    const ticked = group.filter((box) => box.checked);
    if (ticked.length === group.length) actions.push({ tick: name, all: true });
    else if (ticked.length === 0) actions.push({ untick: name, all: true });
    else {
      // One way of naming for the group: values when none is generated, else the label texts.
      const byValue = group.every((box) => keyOf(box.field)?.by === 'value');
      const named = (list: ControlState[]) =>
        list
          .map((box) =>
            byValue
              ? box.field.attributes.value
              : (textOf(box.field.label) ?? keyOf(box.field)?.key),
          )
          .filter((v): v is string => v !== undefined);
      const by = [byValue ? 'value' : 'label'];
      actions.push(
        { tick: name, values: named(ticked), by },
        { untick: name, values: named(group.filter((box) => !box.checked)), by },
      );
    }
  }
  return actions;
}

function submitAction(button: ElementInfo | undefined, warnings: string[]): PsuAction {
  const name = button?.attributes.name;
  if (name) {
    const value = button.attributes.value;
    return value !== undefined && value !== '' ? { submit: name, value } : { submit: name };
  }
  const label = button?.text?.replace(/\s+/g, ' ').trim();
  if (label) return { submit: '', label };
  warnings.push('a form was sent without a button (Enter): replay presses its first button');
  return { submit: '' };
}

/** Turns a recording into PSU steps; throws a PsuStepsError if the result would not replay. */
export function stepsFromRecording(
  events: readonly RecordedEvent[],
  options: RecordingOptions = {},
): RecordedSteps {
  const ordered = [...events].sort((a, b) => a.seq - b.seq);
  const secrets = new Set<string>();
  const warnings: string[] = [];
  const rules: PageRule[] = [];
  const urls: string[] = [];
  let page: PageEvent | undefined;
  let typed: InputEvent[] = [];
  let usesStep = false;
  for (const event of ordered) {
    if (event.kind === 'page') {
      page = event;
      typed = [];
    } else if (event.kind === 'input') {
      typed.push(event);
    } else if (event.kind === 'redirect') {
      const last = rules.at(-1);
      if (last && !last.actions.some((a) => 'expectRedirect' in a))
        last.actions.unshift({ expectRedirect: true });
    } else {
      const seen: PageEvent = page ?? { kind: 'page', seq: event.seq, url: event.url, marks: [] };
      const shown = new Map((event.shown ?? []).map((s) => [s.field, s.element]));
      const step = pageStepOf(seen);
      usesStep ||= step?.attribute === 'data-step';
      const form = formSelector(event.form);
      const rule: PageRule = {
        name: step?.value ?? event.form.attributes.name ?? `page-${rules.length + 1}`,
        match: pageMatchOf(seen, event.form),
        ...(form ? { form } : {}),
        actions: [
          ...fillActions(mergeTyping(typed), shown, secrets, warnings),
          ...controlActions(event.controls, warnings),
          submitAction(event.button, warnings),
        ],
      };
      // A page seen again (a login retried): the tester's last attempt is the one that worked.
      const again = rules.findIndex((r) => JSON.stringify(r.match) === JSON.stringify(rule.match));
      if (again >= 0) {
        warnings.push(`page '${rule.name}' was submitted more than once: the last one is kept`);
        rules.splice(again, 1);
      }
      rules.push(rule);
      urls.push(seen.url);
      typed = [];
    }
  }
  if (rules.length === 0)
    throw new Error('nothing to write: no form was submitted on the bank pages while recording');
  const names = new Set<string>();
  for (const rule of rules) {
    let name = rule.name;
    for (let n = 2; names.has(name); n++) name = `${rule.name}-${n}`;
    rule.name = name;
    names.add(name);
  }
  const host = new URL(urls[0]!).host;
  const pagesPath = pagesPathOf(urls);
  const steps: PsuSteps = {
    name: options.name ?? `recorded-${host.replace(/[^A-Za-z0-9.-]/g, '-')}`,
    description: `Recorded by clicking through ${host}${options.recordedAt ? ` on ${options.recordedAt.toISOString()}` : ''}.${secrets.size > 0 ? ` Secrets from the environment: ${[...secrets].join(', ')}.` : ''}`,
    ...(pagesPath ? { pagesPath } : {}),
    ...(usesStep ? { stepOf: { selector: '[data-step]', attribute: 'data-step' } } : {}),
    pages: rules,
  };
  return { steps: parsePsuSteps(steps), secrets: [...secrets], warnings };
}

/**
 * The name of a recording of `target`'s pages made at `at`: the target's name as a slug and the
 * UTC date, e.g. `embedded-bank-sandbox-2026-11-29`. The host the pages came from is no name: on
 * the web host it is the relay's loopback port, which says nothing about the bank.
 */
export function recordingName(target: string, at: Date): string {
  const slug = target
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/^https?:\/\//i, '')
    .toLowerCase()
    // Letters NFKD leaves whole (Norwegian bank names have them).
    .replace(/[æøß]/g, (letter) => ({ æ: 'ae', ø: 'o', ß: 'ss' })[letter] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'recorded'}-${at.toISOString().slice(0, 10)}`;
}

/** The steps file as it is saved: the steps, two-space JSON, a final newline. */
export function stepsFileText(steps: PsuSteps): string {
  return `${JSON.stringify(steps, null, 2)}\n`;
}
