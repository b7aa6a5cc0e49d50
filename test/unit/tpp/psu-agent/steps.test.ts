/**
 * PSU steps (main/core/tpp/psu-agent/steps.ts) and their interpreter (play.ts): the schema
 * refuses a wrong script naming the wrong field; the built-in `workbench-bank` script and the
 * documented example (docs/examples/psu-steps.example.json) are valid; a matcher or an action
 * that does not fit the page fails with a named error; and the example completes SCA on the
 * hypothetical bank it describes.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentPage, loginPage } from '../../../../main/core/bank/handlers/sca/pages/views.js';
import {
  htmlSurface,
  PsuAgentError,
  runPsuAgent,
} from '../../../../main/core/tpp/psu-agent/agent.js';
import {
  playPage,
  psuVariablesOf,
  PsuPlayError,
  ruleFor,
} from '../../../../main/core/tpp/psu-agent/play.js';
import {
  parsePsuSteps,
  PsuStepsError,
  type PsuSteps,
} from '../../../../main/core/tpp/psu-agent/steps.js';
import {
  BUILT_IN_PSU_STEPS,
  resolvePsuSteps,
} from '../../../../main/core/tpp/psu-agent/built-in-steps.js';
import {
  FJORD_ACCOUNTS,
  FJORD_CODE,
  FJORD_PASSWORD,
  startFjordbank,
  type Fjordbank,
} from '../fjordbank.js';

const EXAMPLE = JSON.parse(
  readFileSync(
    new URL('../../../../docs/examples/psu-steps.example.json', import.meta.url),
    'utf8',
  ),
) as unknown;
const BUILT_IN = BUILT_IN_PSU_STEPS['workbench-bank']!;
const clone = <T>(value: T): T => structuredClone(value);

const refusal = (value: unknown) => {
  try {
    parsePsuSteps(value);
  } catch (error) {
    expect(error).toBeInstanceOf(PsuStepsError);
    return error as PsuStepsError;
  }
  throw new Error('the script was accepted');
};

describe('PSU steps schema', () => {
  it('accepts every built-in script and the documented example', () => {
    for (const steps of Object.values(BUILT_IN_PSU_STEPS))
      expect(parsePsuSteps(clone(steps))).toEqual(steps);
    expect(parsePsuSteps(EXAMPLE).name).toBe('fjordbank-sandbox');
    expect(resolvePsuSteps('workbench-bank')).toBe(BUILT_IN);
    expect(() => resolvePsuSteps('nobank')).toThrow(
      /no built-in PSU steps 'nobank'; built in: workbench-bank/,
    );
  });

  it('refuses a wrong script, naming the path of the wrong field', () => {
    const wrongType = clone(BUILT_IN) as unknown as {
      pages: { actions: Record<string, unknown>[] }[];
    };
    wrongType.pages[0]!.actions[1]!.fill = 42;
    expect(refusal(wrongType)).toMatchObject({ path: 'pages[0].actions[1].fill' });

    const noKind = clone(BUILT_IN) as unknown as { pages: { actions: unknown[] }[] };
    noKind.pages[1]!.actions[2] = { type: 'nationalIdentityNumber' };
    const noKindError = refusal(noKind);
    expect(noKindError.path).toBe('pages[1].actions[2]');
    expect(noKindError.message).toMatch(/must name one action: fill, choose, tick/);

    const extra = clone(BUILT_IN) as unknown as { pages: Record<string, unknown>[] };
    extra.pages[2]!.colour = 'blue';
    expect(refusal(extra)).toMatchObject({
      path: 'pages[2].colour',
      problem: 'is not an allowed property',
    });

    const { pages: _pages, ...withoutPages } = clone(BUILT_IN);
    expect(refusal(withoutPages)).toMatchObject({ path: 'pages', problem: 'is required' });

    const badSelector = clone(BUILT_IN);
    badSelector.pages[0]!.match = { selector: 'main > form' };
    expect(refusal(badSelector).path).toBe('pages[0].match.selector');

    const badRegex = clone(BUILT_IN);
    badRegex.pages[3]!.match = { path: '^/sca/(' };
    expect(refusal(badRegex).path).toBe('pages[3].match.path');

    const unknownVariable = clone(BUILT_IN);
    unknownVariable.pages[0]!.actions[1] = { fill: 'nationalIdentityNumber', value: '${username}' };
    expect(refusal(unknownVariable)).toMatchObject({ path: 'pages[0].actions[1].value' });
    expect(refusal(unknownVariable).message).toMatch(
      /\$\{username\} names no variable; known: login/,
    );

    const unknownCondition = clone(BUILT_IN);
    unknownCondition.pages[4]!.actions[1] = { submit: 'action', when: { outcome: 'abort' } };
    expect(refusal(unknownCondition).path).toBe('pages[4].actions[1].when.outcome');

    const noSubmit = clone(BUILT_IN);
    noSubmit.pages[4]!.actions = [{ expectRedirect: true }];
    expect(refusal(noSubmit)).toMatchObject({ path: 'pages[4].actions' });

    const tickNothing = clone(BUILT_IN);
    tickNothing.pages[3]!.actions[2] = { tick: 'account' };
    expect(refusal(tickNothing)).toMatchObject({
      path: 'pages[3].actions[2]',
      problem: 'needs values or all: true',
    });
  });
});

const PAGE_BASE = { mode: 'sandbox' as const, authorisationId: 'auth-1', formToken: 'tok' };
const LOGIN = loginPage({ ...PAGE_BASE, appFlowRequested: false });
const CONSENT = consentPage({
  ...PAGE_BASE,
  title: 'Share your accounts',
  lines: [],
  context: 'Private',
  accounts: [
    {
      kind: 'account',
      id: 'acc-1',
      name: 'Brukskonto',
      iban: 'NO9386011117947',
      currency: 'NOK',
      granted: true,
    },
    {
      kind: 'card-account',
      id: 'card-1',
      name: 'Kortkonto',
      maskedPan: '123456******1234',
      currency: 'NOK',
      granted: false,
    },
  ],
});
const URL_OF = new URL('http://bank.test/sca/auth-1?t=x');
const OLA = { nationalIdentityNumber: '01017012345' };

async function play(steps: PsuSteps, html: string, script = {}) {
  const surface = htmlSurface(URL_OF, html);
  const rule = await ruleFor(steps, URL_OF, surface.find);
  if (!rule) throw new PsuPlayError('no rule fits');
  const played = await playPage(rule, surface, psuVariablesOf({ ...OLA, ...script }));
  const form = surface.form()!;
  return { rule: rule.name, ...played, form, submitter: form.controls[played.submitter]! };
}

describe("the interpreter on the embedded bank's pages", () => {
  it('plays the login page as the built-in script says', async () => {
    const played = await play(BUILT_IN, LOGIN);
    expect(played.rule).toBe('login');
    expect(played.form.controls.find((c) => c.name === 'nationalIdentityNumber')!.value).toBe(
      OLA.nationalIdentityNumber,
    );
    expect(played.submitter).toMatchObject({ name: 'action', value: 'login' });
    expect(played.expectRedirect).toBe(false);
    const cancel = await play(BUILT_IN, LOGIN, { action: 'cancel', cancelAt: 'login' });
    expect(cancel.submitter.value).toBe('cancel');
  });

  it('a rule for another page does not play this one', async () => {
    const signin = clone(BUILT_IN);
    signin.pages = signin.pages.filter((p) => p.name !== 'login');
    signin.pages[0]!.match = { selector: '[data-step=signin]' };
    await expect(play(signin, LOGIN)).rejects.toThrow('no rule fits');
  });

  it('a missing field, a missing button and a tick naming no account are named errors', async () => {
    const misspelt = clone(BUILT_IN);
    misspelt.pages[0]!.actions[1] = { fill: 'nationalId', value: '${login}' };
    await expect(play(misspelt, LOGIN)).rejects.toThrow("the login page has no field 'nationalId'");

    const noButton = clone(BUILT_IN);
    noButton.pages[0]!.actions[2] = { submit: 'action', value: 'sign-in' };
    await expect(play(noButton, LOGIN)).rejects.toThrow(
      "the login page has no 'sign-in' button named 'action'",
    );

    await expect(
      play(BUILT_IN, CONSENT, { accounts: { grant: ['NO0000000000000'] } }),
    ).rejects.toThrow(
      /^account 'NO0000000000000' is not on the consent screen; it lists Brukskonto NO93/,
    );
  });

  it('ticks by IBAN, masked PAN, id or name and unticks what the script revokes', async () => {
    const byPan = await play(BUILT_IN, CONSENT, {
      accounts: { grant: ['123456******1234'], revoke: ['brukskonto'] },
    });
    expect(byPan.form.controls.filter((c) => c.name === 'account').map((c) => c.checked)).toEqual([
      false,
      true,
    ]);
    expect(byPan.expectRedirect).toBe(true);
    const all = await play(BUILT_IN, CONSENT, { accounts: 'all' });
    expect(all.form.controls.filter((c) => c.checked).map((c) => c.value)).toEqual([
      'account:acc-1',
      'card-account:card-1',
    ]);
    expect(all.submitter.value).toBe('confirm');
    const abort = await play(BUILT_IN, CONSENT, { accounts: 'all', action: 'cancel' });
    expect(abort.submitter.value).toBe('cancel');
  });
});

describe('the example script on the bank it describes', () => {
  let bank: Fjordbank;
  const steps = parsePsuSteps(EXAMPLE);
  beforeAll(async () => {
    bank = await startFjordbank();
  });
  afterAll(() => bank.close());

  it('logs in, reads the code, chooses private and ticks by IBAN (§6.1)', async () => {
    const result = await runPsuAgent(
      bank.start('session-1'),
      { ...OLA, context: 'PRIVATE', accounts: { grant: [FJORD_ACCOUNTS[1]!.iban] } },
      { steps },
    );
    expect(result.redirect).toMatchObject({
      outcome: 'success',
      context: 'PRIVATE',
      tppSessionId: 'session-1',
    });
    expect(result.redirectUrl.startsWith(`${bank.redirectUri}?`)).toBe(true);
    expect(result.pages.filter((p) => p.submitted).map((p) => p.step)).toEqual([
      'login',
      'otp',
      'consent',
    ]);
    expect(result.pages[0]!.title).toBe('Log in to Fjordbank');
    const [login, otp, consent] = bank.submissions.slice(-3).map((s) => s.fields);
    expect(login).toEqual([
      ['_token', expect.stringMatching(/^tok-/)],
      ['username', OLA.nationalIdentityNumber],
      ['password', FJORD_PASSWORD],
    ]);
    expect(otp).toEqual([['otp', FJORD_CODE]]);
    expect(consent).toEqual([
      ['profile', 'p'],
      ['accounts', FJORD_ACCOUNTS[1]!.id],
      ['decision', 'accept'],
    ]);
  });

  it('chooses the corporate profile by its name', async () => {
    const result = await runPsuAgent(
      bank.start('session-2'),
      { ...OLA, context: { agreementName: 'Fjord Fisk AS' }, accounts: 'all' },
      { steps },
    );
    expect(result.redirect).toMatchObject({ outcome: 'success', context: 'CORPORATE' });
    expect(bank.submissions.at(-1)!.fields).toContainEqual(['profile', 'c1']);
  });

  it('aborts on the login page when the script cancels there (§6.2)', async () => {
    const result = await runPsuAgent(
      bank.start('session-3'),
      { ...OLA, action: 'cancel', cancelAt: 'login' },
      { steps },
    );
    expect(result.redirect).toMatchObject({ outcome: 'failure', code: 'SCA_INVALID' });
  });

  it('fails with its own words when a profile or an account is not offered', async () => {
    const error = await runPsuAgent(
      bank.start('session-4'),
      { ...OLA, context: { agreementName: 'Havbruk AS' } },
      { steps },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PsuAgentError);
    expect((error as Error).message).toBe(
      "Fjordbank offers no profile 'Havbruk AS'; it offers Private, Fjord Fisk AS",
    );
  });

  it('a page no rule fits stops the agent, naming the script and the page', async () => {
    const withoutOtp = clone(steps);
    withoutOtp.pages = withoutOtp.pages.filter((p) => p.name !== 'otp');
    const error = await runPsuAgent(bank.start('session-5'), OLA, { steps: withoutOtp }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PsuAgentError);
    expect((error as Error).message).toBe(
      "the bank answered 200 with a page no rule of the PSU steps 'fjordbank-sandbox' fits ('Enter your code')",
    );
  });
});
