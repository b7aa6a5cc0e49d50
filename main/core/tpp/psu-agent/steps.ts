/**
 * PSU steps: how to complete SCA on one bank's pages, written as data ("PSU
 * automation for every target"). A script is a list of page rules; the first rule whose matcher
 * fits a page plays that page with its actions (fill, choose, tick, untick, read, submit,
 * expectRedirect, fail). Values are templates over the check's PsuIntent (`${login}`,
 * `${agreement}`, `${grant}`, …) and over what earlier `read` actions took from the pages
 * (`${code}`). One interpreter (play.ts) runs a script headless over HTTP (agent.ts) or in
 * Chromium (psu-browser/); the embedded bank's own pages are the built-in script
 * `workbench-bank` (docs/sca.md, "PSU steps for other banks").
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { SpecValidator, problemText, type SchemaProblem } from '../../spec/validation.js';
import { parseSelector } from './selector.js';

// ---- the schema ---------------------------------------------------------------------------------

const Text = (description: string) => Type.String({ description });

const Selector = Text(
  'tag[attribute=value]…: an optional tag name and attribute tests, e.g. [data-step=login]',
);

const Template = Text('text with ${variable} references (docs/sca.md, "Templates")');

/** A variable is unset or empty when it equals "" (an empty list counts as ""). */
const Condition = Type.Record(
  Type.String(),
  Type.Union([Type.String(), Type.Array(Type.String())]),
  {
    description:
      'every named variable equals the value (or one of the values); "" means unset or empty',
  },
);

const Guards = {
  /** The action runs only when this holds. */
  when: Type.Optional(Condition),
  /** The action is skipped when this holds. */
  unless: Type.Optional(Condition),
};

/** How `choose`, `tick` and `untick` find the control the PSU means. */
const By = Type.Array(Type.String({ minLength: 1 }), {
  minItems: 1,
  description:
    'what a wanted value is compared with (case-insensitive): value, label (the <label for> text), text, or an attribute name such as data-iban; default [value, label]',
});

const NoMatch = Type.Optional(
  Text('the error when a wanted value matches no control; may use ${wanted} and ${offered}'),
);

const strict = { additionalProperties: false } as const;

const Fill = Type.Object(
  { fill: Text('the name of the field'), value: Template, ...Guards },
  strict,
);
const Choose = Type.Object(
  {
    choose: Text('the name of the radio group or <select>'),
    value: Template,
    by: Type.Optional(By),
    noMatch: NoMatch,
    ...Guards,
  },
  strict,
);
const TickOptions = {
  values: Type.Optional(
    Type.Union([Template, Type.Array(Template)], {
      description: 'the boxes to (un)tick; a lone ${list} reference expands to its items',
    }),
  ),
  all: Type.Optional(Type.Boolean({ description: 'every box of that name' })),
  by: Type.Optional(By),
  noMatch: NoMatch,
  ...Guards,
};
const Tick = Type.Object({ tick: Text('the name of the checkboxes'), ...TickOptions }, strict);
const Untick = Type.Object({ untick: Text('the name of the checkboxes'), ...TickOptions }, strict);
const Read = Type.Object(
  {
    read: Selector,
    into: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$', description: 'the variable' }),
    attribute: Type.Optional(Text('read this attribute instead of the text')),
    noMatch: Type.Optional(Text('the error when nothing on the page matches')),
    ...Guards,
  },
  strict,
);
const Submit = Type.Object(
  {
    submit: Text('the name of the button ("" for a button without a name)'),
    value: Type.Optional(Template),
    label: Type.Optional(Text('the text of the button, when name and value do not tell')),
    ...Guards,
  },
  strict,
);
const ExpectRedirect = Type.Object(
  {
    expectRedirect: Type.Literal(true, {
      description: "after this page's submission the bank must send the PSU to the TPP",
    }),
    ...Guards,
  },
  strict,
);
const Fail = Type.Object({ fail: Template, ...Guards }, strict);

/** One schema per action kind, by the key that names it (used to name the wrong field). */
export const PSU_ACTION_SCHEMAS = {
  fill: Fill,
  choose: Choose,
  tick: Tick,
  untick: Untick,
  read: Read,
  submit: Submit,
  expectRedirect: ExpectRedirect,
  fail: Fail,
} as const satisfies Record<string, TSchema>;

export const PsuActionSchema = Type.Union(Object.values(PSU_ACTION_SCHEMAS));
export type PsuAction = Static<typeof PsuActionSchema>;

export const PageMatchSchema = Type.Object(
  {
    path: Type.Optional(Text('a regular expression the URL path must match')),
    selector: Type.Optional(Selector),
    testid: Type.Optional(Text('an element with this data-testid must be on the page')),
  },
  { ...strict, minProperties: 1 },
);
export type PageMatch = Static<typeof PageMatchSchema>;

export const PageRuleSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, description: 'the step, in evidence and screenshots' }),
    match: PageMatchSchema,
    form: Type.Optional(Selector),
    actions: Type.Array(PsuActionSchema, { minItems: 1 }),
  },
  strict,
);
export type PageRule = Static<typeof PageRuleSchema>;

export const PsuStepsSchema = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    description: Type.Optional(Type.String()),
    /**
     * Where the bank's pages live (a regular expression for the URL path). A redirect to another
     * origin, or to a path that does not match, leaves the pages: the script ends there (§6).
     */
    pagesPath: Type.Optional(Type.String()),
    /** What names a page in the evidence: an attribute of the first element `selector` finds. */
    stepOf: Type.Optional(
      Type.Object({ selector: Selector, attribute: Type.String({ minLength: 1 }) }, strict),
    ),
    /** The page's heading, for the evidence. */
    titleOf: Type.Optional(Selector),
    /** Where the page shows a refusal or a message about the last submission. */
    errorOf: Type.Optional(Type.Array(Selector)),
    /** The bank's error pages: the agent stops there and reports the page's error. */
    errorPage: Type.Optional(PageMatchSchema),
    pages: Type.Array(PageRuleSchema, { minItems: 1 }),
  },
  strict,
);
export type PsuSteps = Static<typeof PsuStepsSchema>;

// ---- variables
// ------------------------------------------------------------------------------------

/**
 * The variables every script may use, from the check's PsuIntent (psu-adapter.ts maps it):
 * login, password (the profile's, "" when it names none), context (PRIVATE | CORPORATE | ""),
 * agreement, accounts (all | listed | exactly | "":
 * exactly = untick what is not in grant), grant and revoke (lists), action (confirm | cancel),
 * cancelAt (the step to cancel on; "" = the last page),
 * oneTimeCode (a code the script names; "" = read it from the page).
 */
export const PSU_STEPS_VARIABLES = [
  'login',
  'password',
  'context',
  'agreement',
  'accounts',
  'grant',
  'revoke',
  'action',
  'cancelAt',
  'oneTimeCode',
] as const;

/** Only in a `noMatch` text: the value that matched nothing, and what the page offers. */
export const NO_MATCH_VARIABLES = ['wanted', 'offered'] as const;

export type PsuVariables = Record<string, string | readonly string[]>;

const REFERENCE = /\$\{([^}]*)\}/g;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** `${env:NAME}`: an environment variable of the process that plays the steps (env-references.ts).
 * */
export const ENV_REFERENCE = /^env:([A-Za-z_][A-Za-z0-9_]*)$/;

/** The variable names `template` refers to. */
export function templateReferences(template: string): string[] {
  return [...template.matchAll(REFERENCE)].map((m) => m[1]!);
}

// ---- validation
// -------------------------------------------------------------------------------------

export class PsuStepsError extends Error {
  override readonly name = 'PsuStepsError';
  constructor(
    /** The wrong field, e.g. `pages[1].actions[0].value`. */
    readonly path: string,
    readonly problem: string,
  ) {
    super(`PSU steps: ${path === '' ? problem : `${path}: ${problem}`}`);
  }
}

const validator = new SpecValidator();

function firstProblem(schema: TSchema, value: unknown): SchemaProblem | undefined {
  const check = validator.check(schema, value);
  return check.ok ? undefined : check.problems[0];
}

const join = (base: string, path: string) =>
  path === '' ? base : path.startsWith('[') ? `${base}${path}` : `${base}.${path}`;

/** The union of actions reports every branch; name the problem of the branch the action is. */
function actionProblem(action: unknown, at: string): PsuStepsError | undefined {
  if (typeof action !== 'object' || action === null || Array.isArray(action))
    return new PsuStepsError(at, 'must be an object');
  const kinds = Object.keys(PSU_ACTION_SCHEMAS).filter((kind) => kind in action);
  if (kinds.length !== 1)
    return new PsuStepsError(
      at,
      kinds.length === 0
        ? `must name one action: ${Object.keys(PSU_ACTION_SCHEMAS).join(', ')}`
        : `names more than one action (${kinds.join(', ')})`,
    );
  const kind = kinds[0] as keyof typeof PSU_ACTION_SCHEMAS;
  const problem = firstProblem(PSU_ACTION_SCHEMAS[kind], action);
  return problem && new PsuStepsError(join(at, problem.path), problem.message);
}

function structuralProblem(value: unknown): PsuStepsError | undefined {
  const check = validator.check(PsuStepsSchema, value);
  if (check.ok) return undefined;
  // Actions first: their union's errors name every branch, the action's own schema names one.
  const pages = (value as { pages?: unknown })?.pages;
  if (Array.isArray(pages))
    for (const [i, page] of pages.entries()) {
      const actions = (page as { actions?: unknown } | null)?.actions;
      if (Array.isArray(actions))
        for (const [j, action] of actions.entries()) {
          const problem = actionProblem(action, `pages[${i}].actions[${j}]`);
          if (problem) return problem;
        }
    }
  const problem = check.problems.find((p) => !/^pages\[\d+\]\.actions\[\d+\]/.test(p.path));
  const first = problem ?? check.problems[0]!;
  return new PsuStepsError(first.path, problemText({ ...first, path: '' }).replace(/^body /, ''));
}

function checkRegex(source: string, at: string): void {
  try {
    new RegExp(source);
  } catch (error) {
    throw new PsuStepsError(at, `is not a regular expression: ${(error as Error).message}`);
  }
}

function checkSelector(selector: string, at: string): void {
  try {
    parseSelector(selector);
  } catch (error) {
    throw new PsuStepsError(at, (error as Error).message);
  }
}

function checkMatch(match: PageMatch, at: string): void {
  if (match.path !== undefined) checkRegex(match.path, `${at}.path`);
  if (match.selector !== undefined) checkSelector(match.selector, `${at}.selector`);
}

/** What the schema cannot say: regexes and selectors parse, templates name known variables. */
function checkMeaning(steps: PsuSteps): void {
  if (steps.pagesPath !== undefined) checkRegex(steps.pagesPath, 'pagesPath');
  if (steps.stepOf) checkSelector(steps.stepOf.selector, 'stepOf.selector');
  if (steps.titleOf !== undefined) checkSelector(steps.titleOf, 'titleOf');
  steps.errorOf?.forEach((selector, i) => checkSelector(selector, `errorOf[${i}]`));
  if (steps.errorPage) checkMatch(steps.errorPage, 'errorPage');
  const known = new Set<string>([
    ...PSU_STEPS_VARIABLES,
    ...steps.pages.flatMap((page) =>
      page.actions.flatMap((action) => ('read' in action ? [action.into] : [])),
    ),
  ]);
  const checkTemplate = (template: string, at: string, extra: readonly string[] = []) => {
    for (const name of templateReferences(template)) {
      if (ENV_REFERENCE.test(name)) continue;
      if (!VARIABLE_NAME.test(name))
        throw new PsuStepsError(at, `\${${name}} is not a variable reference`);
      if (!known.has(name) && !extra.includes(name))
        throw new PsuStepsError(
          at,
          `\${${name}} names no variable; known: ${[...known, ...extra].join(', ')}`,
        );
    }
  };
  steps.pages.forEach((page, i) => {
    const at = `pages[${i}]`;
    checkMatch(page.match, `${at}.match`);
    if (page.form !== undefined) checkSelector(page.form, `${at}.form`);
    page.actions.forEach((action, j) => {
      const here = `${at}.actions[${j}]`;
      for (const [key, condition] of [
        ['when', action.when],
        ['unless', action.unless],
      ] as const)
        for (const name of Object.keys(condition ?? {}))
          if (!known.has(name))
            throw new PsuStepsError(`${here}.${key}.${name}`, 'names no variable');
      if ('fill' in action || 'choose' in action) checkTemplate(action.value, `${here}.value`);
      if ('submit' in action && action.value !== undefined)
        checkTemplate(action.value, `${here}.value`);
      if ('fail' in action) checkTemplate(action.fail, `${here}.fail`);
      if ('read' in action) checkSelector(action.read, `${here}.read`);
      if ('tick' in action || 'untick' in action) {
        if (action.values === undefined && !action.all)
          throw new PsuStepsError(here, 'needs values or all: true');
        const values = action.values;
        if (Array.isArray(values))
          values.forEach((v, k) => checkTemplate(v, `${here}.values[${k}]`));
        else if (typeof values === 'string') checkTemplate(values, `${here}.values`);
      }
      if ('noMatch' in action && action.noMatch !== undefined)
        checkTemplate(action.noMatch, `${here}.noMatch`, NO_MATCH_VARIABLES);
    });
    if (!page.actions.some((action) => 'submit' in action || 'fail' in action))
      throw new PsuStepsError(`${at}.actions`, 'needs a submit (or a fail) to leave the page');
  });
}

/**
 * PSU steps as read from a file or a target profile. Refuses anything that does not match
 * PsuStepsSchema, naming the wrong field (e.g. `pages[0].actions[2].fill: must be string`).
 */
export function parsePsuSteps(value: unknown): PsuSteps {
  const problem = structuralProblem(value);
  if (problem) throw problem;
  const steps = value as PsuSteps;
  checkMeaning(steps);
  return steps;
}
