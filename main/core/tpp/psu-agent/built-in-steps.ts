/**
 * The PSU scripts that ship with the workbench (docs/sca.md): the embedded bank's SCA pages as
 * data, and how a profile's `sca.script` names one of them or brings its own (steps.ts checks it).
 */
import { parsePsuSteps, PsuStepsError, type PsuAction, type PsuSteps } from './steps.js';

// ---- the embedded bank's pages --------------------------------------------------------------------

/** An account is named by its id, IBAN, masked PAN or name (docs/sca.md, consent screen). */
const ACCOUNT_BY = [
  'value',
  'data-account-id',
  'data-iban',
  'data-masked-pan',
  'data-name',
  'data-label',
  'label',
];

/** Cancel on `step` when the script cancels there, or on the last page when it names none. */
const cancelOn = (step: string, last = false): PsuAction => ({
  submit: 'action',
  value: 'cancel',
  when: { action: 'cancel', cancelAt: last ? [step, ''] : step },
});

/**
 * The embedded bank's SCA pages (docs/sca.md, "The redirect flow"), as data: every page says its
 * step in `data-step`, every control has a stable `name`, the buttons are `action=<verb>`.
 */
const WORKBENCH_BANK: PsuSteps = {
  name: 'workbench-bank',
  description:
    "The embedded bank's SCA pages: login, the production one-time code, context, consent screen, authorise.",
  pagesPath: '^/sca/',
  stepOf: { selector: '[data-testid=sca-page]', attribute: 'data-step' },
  titleOf: '[data-testid=page-title]',
  errorOf: ['[data-testid=form-error]', '[data-testid=error-message]'],
  errorPage: { selector: '[data-testid=sca-page][data-step=error]' },
  pages: [
    {
      name: 'login',
      match: { selector: '[data-testid=sca-page][data-step=login]' },
      form: 'form[name=login]',
      actions: [
        cancelOn('login'),
        { fill: 'nationalIdentityNumber', value: '${login}' },
        { submit: 'action', value: 'login' },
      ],
    },
    {
      name: 'code',
      match: { selector: '[data-testid=sca-page][data-step=code]' },
      form: 'form[name=code]',
      actions: [
        cancelOn('code'),
        {
          read: '[data-testid=one-time-code-sent]',
          into: 'code',
          noMatch: 'the code page shows no one-time code to read',
          when: { oneTimeCode: '' },
        },
        { fill: 'oneTimeCode', value: '${code}', when: { oneTimeCode: '' } },
        { fill: 'oneTimeCode', value: '${oneTimeCode}', unless: { oneTimeCode: '' } },
        { submit: 'action', value: 'verify' },
      ],
    },
    {
      name: 'context',
      match: { selector: '[data-testid=sca-page][data-step=context]' },
      form: 'form[name=context]',
      actions: [
        cancelOn('context'),
        { fail: 'the bank asks for a context and the script names none', when: { context: '' } },
        {
          choose: 'context',
          value: 'PRIVATE',
          by: ['value'],
          noMatch: 'context PRIVATE is not offered; the page offers ${offered}',
          when: { context: 'PRIVATE' },
        },
        {
          choose: 'context',
          value: '${agreement}',
          by: ACCOUNT_BY,
          noMatch: "context agreement '${wanted}' is not offered; the page offers ${offered}",
          when: { context: 'CORPORATE' },
        },
        { submit: 'action', value: 'choose' },
      ],
    },
    {
      name: 'consent',
      match: { selector: '[data-testid=sca-page][data-step=consent]' },
      form: 'form[name=consent]',
      actions: [
        { expectRedirect: true },
        cancelOn('consent', true),
        { tick: 'account', all: true, when: { accounts: 'all' } },
        { untick: 'account', all: true, when: { accounts: 'exactly' } },
        {
          tick: 'account',
          values: '${grant}',
          by: ACCOUNT_BY,
          noMatch: "account '${wanted}' is not on the consent screen; it lists ${offered}",
          when: { accounts: ['listed', 'exactly'] },
        },
        {
          untick: 'account',
          values: '${revoke}',
          by: ACCOUNT_BY,
          noMatch: "account '${wanted}' is not on the consent screen; it lists ${offered}",
          when: { accounts: ['listed', 'exactly'] },
        },
        { submit: 'action', value: '${action}' },
      ],
    },
    {
      name: 'authorise',
      match: { selector: '[data-testid=sca-page][data-step=authorise]' },
      form: 'form[name=authorise]',
      actions: [{ expectRedirect: true }, { submit: 'action', value: '${action}' }],
    },
  ],
};

/** Scripts that ship with the workbench, by name (a target profile names one, or brings its own). */
export const BUILT_IN_PSU_SCRIPTS: Readonly<Record<string, PsuSteps>> = {
  'workbench-bank': WORKBENCH_BANK,
};

export const DEFAULT_PSU_SCRIPT = 'workbench-bank';

/** A built-in script by name, or `steps` checked against the schema. */
export function resolvePsuSteps(steps: PsuSteps | string = DEFAULT_PSU_SCRIPT): PsuSteps {
  if (typeof steps !== 'string') return parsePsuSteps(steps);
  const builtIn = BUILT_IN_PSU_SCRIPTS[steps];
  if (!builtIn)
    throw new PsuStepsError(
      '',
      `no built-in PSU script '${steps}'; built in: ${Object.keys(BUILT_IN_PSU_SCRIPTS).join(', ')}`,
    );
  return builtIn;
}
