/**
 * Recording SCA steps by clicking (main/core/tpp/psu-recorder/, docs/sca.md "Recording SCA
 * steps"): reports of the recorder become PSU steps the agents replay, secrets are written as
 * ${env:NAME} and never as the value, typing is merged, selectors are stable, and the recording of
 * the embedded bank's pages replays there headless.
 */
import { describe, expect, it } from 'vitest';
import {
  parseRecordedBatch,
  type ElementInfo,
  type RecordedEvent,
} from '../../../main/core/tpp/psu-recorder/events.js';
import {
  isSecretField,
  secretEnvName,
  wordsOf,
} from '../../../main/core/tpp/psu-recorder/secrets.js';
import {
  elementSelector,
  formSelector,
  looksGenerated,
  pageMatchOf,
  pagesPathOf,
  pathPattern,
} from '../../../main/core/tpp/psu-recorder/selectors.js';
import {
  mergeTyping,
  recordingName,
  stepsFileText,
  stepsFromRecording,
} from '../../../main/core/tpp/psu-recorder/to-steps.js';
import {
  CONSOLE_PREFIX,
  pageRecorderScript,
  recordedBatchOfConsole,
} from '../../../main/core/tpp/psu-recorder/page-script.js';
import { envVariablesOf } from '../../../main/core/tpp/psu-agent/env-references.js';
import { parsePsuSteps } from '../../../main/core/tpp/psu-agent/steps.js';

const el = (tag: string, attributes: Record<string, string>, extra: Partial<ElementInfo> = {}) => ({
  tag,
  attributes,
  ...extra,
});

const BANK = 'http://127.0.0.1:9999';
const AUTH = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const URL_SCA = `${BANK}/sca/${AUTH}?t=abc`;
const PASSWORD = 'hunter2-Secret!';

let seq = 0;
const at = () => ++seq;
const page = (step: string): RecordedEvent => ({
  kind: 'page',
  seq: at(),
  url: URL_SCA,
  title: step,
  marks: [el('main', { 'data-testid': 'sca-page', 'data-step': step })],
});
const input = (field: ElementInfo, value: string): RecordedEvent => ({
  kind: 'input',
  seq: at(),
  url: URL_SCA,
  field,
  form: el('form', { name: 'login' }),
  value,
});

const loginField = el('input', {
  type: 'text',
  name: 'nationalIdentityNumber',
  id: 'nationalIdentityNumber',
});
const passwordField = el('input', { type: 'password', name: 'pin' });
const button = (value: string, text: string) =>
  el('button', { type: 'submit', name: 'action', value }, { text });

function loginRecording(): RecordedEvent[] {
  return [
    page('login'),
    input(loginField, '1'),
    input(loginField, '15'),
    input(loginField, '15038512363'),
    input(passwordField, 'hunter'),
    input(passwordField, PASSWORD),
    {
      kind: 'submit',
      seq: at(),
      url: URL_SCA,
      form: el('form', { name: 'login', method: 'post' }),
      button: button('login', 'Log in'),
      controls: [],
    },
    page('consent'),
    {
      kind: 'submit',
      seq: at(),
      url: URL_SCA,
      form: el('form', { name: 'consent' }),
      button: button('confirm', 'Confirm'),
      controls: [
        {
          field: el(
            'input',
            { type: 'checkbox', name: 'account', value: `account:${AUTH}` },
            { label: 'Brukskonto NO93 8601 1117 947 · NOK' },
          ),
          checked: true,
        },
        {
          field: el(
            'input',
            {
              type: 'checkbox',
              name: 'account',
              value: 'account:0c2f8a1e-5b1d-4c7a-9e3b-2f6d8a9b1c0d',
            },
            { label: 'Sparekonto NO11 · NOK' },
          ),
          checked: false,
        },
      ],
    },
    { kind: 'redirect', seq: at(), url: 'http://127.0.0.1:1/callback' },
  ];
}

describe('secrets', () => {
  it('splits names into words', () => {
    expect(wordsOf('nationalIdentityNumber')).toEqual(['national', 'identity', 'number']);
    expect(wordsOf('sms_TAN-code')).toEqual(['sms', 'tan', 'code']);
    expect(wordsOf('OTPValue')).toEqual(['otp', 'value']);
  });
  it('decides by input type, autocomplete and the words of name or id — never the value', () => {
    expect(isSecretField(el('input', { type: 'password', name: 'x' }))).toBe(true);
    expect(
      isSecretField(el('input', { type: 'text', name: 'x', autocomplete: 'one-time-code' })),
    ).toBe(true);
    expect(isSecretField(el('input', { name: 'oneTimeCode' }))).toBe(true);
    expect(isSecretField(el('input', { name: 'tan' }))).toBe(true);
    expect(isSecretField(el('input', { id: 'sms-code' }))).toBe(true);
    expect(isSecretField(el('input', { name: 'userPin' }))).toBe(true);
    // Words, not substrings: "instant" holds "tan", "spinner" holds "pin".
    expect(isSecretField(el('input', { name: 'instantPayment' }))).toBe(false);
    expect(isSecretField(el('input', { name: 'spinner' }))).toBe(false);
    expect(isSecretField(loginField)).toBe(false);
  });
  it('names the environment variable after the field', () => {
    expect(secretEnvName(el('input', { name: 'oneTimeCode' }))).toBe(
      'WORKBENCH_PROFILE_PSU_ONE_TIME_CODE',
    );
    expect(secretEnvName(el('input', { id: 'password' }))).toBe('WORKBENCH_PROFILE_PSU_PASSWORD');
  });
});

describe('selectors', () => {
  it('never picks generated values', () => {
    expect(looksGenerated(AUTH)).toBe(true);
    expect(looksGenerated('a8f3c9d2e1b04f5a6c7d')).toBe(true);
    expect(looksGenerated('login')).toBe(false);
    expect(looksGenerated('NO9386011117947')).toBe(false);
    expect(
      elementSelector(el('output', { id: `x-${AUTH}`, 'data-testid': 'one-time-code-sent' })),
    ).toBe('output[data-testid=one-time-code-sent]');
    expect(elementSelector(el('span', { class: 'code' }))).toBeUndefined();
    expect(formSelector(el('form', { id: 'login form' }))).toBe('form[id="login form"]');
  });
  it('tells pages apart by data-step, else the form, else the path with ids as wildcards', () => {
    expect(pathPattern(URL_SCA)).toBe('^/sca/[^/]+$');
    const bare = { kind: 'page' as const, seq: 1, url: `${BANK}/auth/otp`, marks: [] };
    expect(pageMatchOf(bare, el('form', { name: 'otp' }))).toEqual({
      selector: 'form[name=otp]',
      path: '^/auth/otp$',
    });
    expect(pageMatchOf(bare, el('form', {}))).toEqual({ path: '^/auth/otp$' });
    expect(pagesPathOf([URL_SCA, `${BANK}/sca/other`])).toBe('^/sca/');
    expect(pagesPathOf([`${BANK}/auth/login`, `${BANK}/consent/1`])).toBeUndefined();
  });
});

describe('stepsFromRecording', () => {
  it('merges successive typing into one fill with the last value', () => {
    const merged = mergeTyping(
      loginRecording().filter(
        (e): e is Extract<RecordedEvent, { kind: 'input' }> => e.kind === 'input',
      ),
    );
    expect(merged.map((m) => [m.field.attributes.name, m.value])).toEqual([
      ['nationalIdentityNumber', '15038512363'],
      ['pin', PASSWORD],
    ]);
  });

  it('writes the steps the agents replay, secrets as ${env:…}', () => {
    const { steps, secrets, warnings } = stepsFromRecording(loginRecording(), { name: 'recorded' });
    expect(parsePsuSteps(steps)).toBe(steps);
    expect(secrets).toEqual(['WORKBENCH_PROFILE_PSU_PIN']);
    expect(warnings).toEqual([]);
    expect(steps.pagesPath).toBe('^/sca/');
    expect(steps.stepOf).toEqual({ selector: '[data-step]', attribute: 'data-step' });
    expect(steps.pages).toEqual([
      {
        name: 'login',
        match: { selector: '[data-step=login]' },
        form: 'form[name=login]',
        actions: [
          { fill: 'nationalIdentityNumber', value: '15038512363' },
          { fill: 'pin', value: '${env:WORKBENCH_PROFILE_PSU_PIN}' },
          { submit: 'action', value: 'login' },
        ],
      },
      {
        name: 'consent',
        match: { selector: '[data-step=consent]' },
        form: 'form[name=consent]',
        actions: [
          { expectRedirect: true },
          // Generated values (account ids) are not kept: the boxes are named by their labels.
          { tick: 'account', values: ['Brukskonto NO93 8601 1117 947 · NOK'], by: ['label'] },
          { untick: 'account', values: ['Sparekonto NO11 · NOK'], by: ['label'] },
          { submit: 'action', value: 'confirm' },
        ],
      },
    ]);
  });

  it('never writes a password value into the file', () => {
    const text = stepsFileText(stepsFromRecording(loginRecording()).steps);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain('hunter');
    expect(text).toContain('${env:WORKBENCH_PROFILE_PSU_PIN}');
  });

  it('reads a value the page showed (a code "sent to the device") instead of asking the environment', () => {
    const code = el('input', { type: 'text', name: 'oneTimeCode', autocomplete: 'one-time-code' });
    const { steps, secrets } = stepsFromRecording([
      page('code'),
      input(code, '482913'),
      {
        kind: 'submit',
        seq: at(),
        url: URL_SCA,
        form: el('form', { name: 'code' }),
        button: button('verify', 'Confirm code'),
        controls: [],
        shown: [
          { field: 'oneTimeCode', element: el('output', { 'data-testid': 'one-time-code-sent' }) },
        ],
      },
    ]);
    expect(secrets).toEqual([]);
    expect(steps.pages[0]!.actions).toEqual([
      { read: 'output[data-testid=one-time-code-sent]', into: 'read_oneTimeCode' },
      { fill: 'oneTimeCode', value: '${read_oneTimeCode}' },
      { submit: 'action', value: 'verify' },
    ]);
    expect(stepsFileText(steps)).not.toContain('482913');
  });

  it('chooses radios and options, ticks all, keeps the last of a page submitted twice, names nameless buttons by text', () => {
    const login = (value: string): RecordedEvent[] => [
      page('login'),
      input(loginField, value),
      {
        kind: 'submit',
        seq: at(),
        url: URL_SCA,
        form: el('form', { name: 'login' }),
        button: el('button', { type: 'submit' }, { text: ' Continue ' }),
        controls: [],
      },
    ];
    const { steps, warnings } = stepsFromRecording([
      ...login('111'),
      ...login('15038512363'),
      page('context'),
      {
        kind: 'submit',
        seq: at(),
        url: URL_SCA,
        form: el('form', { name: 'context' }),
        button: button('choose', 'Continue'),
        controls: [
          {
            field: el('input', { type: 'radio', name: 'context', value: 'PRIVATE' }),
            checked: true,
          },
          {
            field: el(
              'input',
              { type: 'radio', name: 'context', value: `agreement:${AUTH}` },
              { label: 'Fjord AS' },
            ),
            checked: false,
          },
          { field: el('select', { name: 'profile' }), value: 'p-2', optionLabel: 'Fjord AS' },
          { field: el('input', { type: 'checkbox', name: 'terms' }), checked: true },
        ],
      },
    ]);
    expect(warnings).toEqual(["page 'login' was submitted more than once: the last one is kept"]);
    expect(steps.pages.map((p) => p.name)).toEqual(['login', 'context']);
    expect(steps.pages[0]!.actions).toEqual([
      { fill: 'nationalIdentityNumber', value: '15038512363' },
      { submit: '', label: 'Continue' },
    ]);
    expect(steps.pages[1]!.actions).toEqual([
      { choose: 'context', value: 'PRIVATE', by: ['value'] },
      { choose: 'profile', value: 'p-2', by: ['value'] },
      { tick: 'terms', all: true },
      { submit: 'action', value: 'choose' },
    ]);
  });

  it('warns about what it cannot write and refuses a recording without a submission', () => {
    const { warnings } = stepsFromRecording([
      page('login'),
      input(el('input', { type: 'text', id: 'user' }), 'x'),
      { kind: 'submit', seq: at(), url: URL_SCA, form: el('form', {}), controls: [] },
    ]);
    expect(warnings).toEqual([
      'a field without a name (id user) was typed into: PSU steps fill fields by name, so it is not recorded',
      'a form was sent without a button (Enter): replay presses its first button',
    ]);
    expect(() => stepsFromRecording([page('login')])).toThrow(/no form was submitted/);
  });
});

describe('reports from the page', () => {
  it('refuses a malformed batch naming the field', () => {
    expect(() => parseRecordedBatch({})).toThrow('a recorder batch must be a JSON array of events');
    expect(() => parseRecordedBatch([{ kind: 'typing' }])).toThrow(/\[0\]\.kind: must be one of/);
    expect(() => parseRecordedBatch([{ kind: 'input', seq: 1, url: 'x', value: 'v' }])).toThrow(
      /\[0\]/,
    );
    expect(parseRecordedBatch(loginRecording())).toHaveLength(loginRecording().length);
  });
  it('reads console lines with the prefix only', () => {
    expect(recordedBatchOfConsole('hello')).toBeUndefined();
    expect(recordedBatchOfConsole(`${CONSOLE_PREFIX}[]`)).toEqual([]);
    expect(() => recordedBatchOfConsole(`${CONSOLE_PREFIX}{`)).toThrow(/JSON array/);
  });
  it('builds a script for each transport', () => {
    expect(pageRecorderScript({ kind: 'beacon', endpoint: '/r' })).toContain(
      'navigator.sendBeacon("/r"',
    );
    expect(pageRecorderScript({ kind: 'console', prefix: CONSOLE_PREFIX })).toContain(
      'console.debug',
    );
    // It parses as JavaScript.
    expect(
      () => new Function(pageRecorderScript({ kind: 'beacon', endpoint: '/r' })),
    ).not.toThrow();
  });
});

describe('${env:NAME} in PSU steps', () => {
  it('is valid in templates and read from the environment, a missing one named before playing', () => {
    const { steps } = stepsFromRecording(loginRecording());
    expect(envVariablesOf(steps, { WORKBENCH_PROFILE_PSU_PIN: 'x' })).toEqual({
      'env:WORKBENCH_PROFILE_PSU_PIN': 'x',
    });
    expect(() => envVariablesOf(steps, {})).toThrow(
      /needs environment variables that are not set: WORKBENCH_PROFILE_PSU_PIN \(pages\[0\]\.actions\[1\]\)/,
    );
  });
});

describe('recordingName', () => {
  const day = new Date('2026-11-29T06:50:00Z');
  it("is the target's name as a slug and the UTC date", () => {
    expect(recordingName('Embedded bank (sandbox)', day)).toBe('embedded-bank-sandbox-2026-11-29');
    expect(recordingName('Fjord Sparebank — test', day)).toBe('fjord-sparebank-test-2026-11-29');
    expect(recordingName('Ålesund Økonomi Æra', day)).toBe('alesund-okonomi-aera-2026-11-29');
    expect(recordingName('https://bank.example:8443/psd2', day)).toBe(
      'bank-example-8443-psd2-2026-11-29',
    );
  });
  it('stays a name when the target name has nothing to keep, and is bounded', () => {
    expect(recordingName('()', day)).toBe('recorded-2026-11-29');
    expect(recordingName('x'.repeat(200), day)).toBe(`${'x'.repeat(60)}-2026-11-29`);
  });
});
