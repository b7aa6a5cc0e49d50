/**
 * The host shells of SCA recording, as plain functions: the web host relay's rewrites
 * (main/hosts/web/sca-record-rewrite.ts), the desktop SCA window's console reader
 * (main/hosts/electron/sca-recorder.ts) and the recordings kept per attempt
 * (main/api/services/tpp/sca-recordings.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  recorderCsp,
  relayedCookie,
  relayedLocation,
  reportAtBank,
} from '../../../main/hosts/web/sca-record-rewrite.js';
import {
  recorderConsoleListener,
  SCA_WINDOW_RECORDER_SCRIPT,
} from '../../../main/hosts/electron/sca-recorder.js';
import { CONSOLE_PREFIX } from '../../../main/core/tpp/psu-recorder/page-script.js';
import { ScaRecordings } from '../../../main/api/services/tpp/sca-recordings.js';

const bank = new URL('http://127.0.0.1:7000/sca/abc?t=1');
const relay = 'http://127.0.0.1:7100';

describe('web host relay rewrites', () => {
  it('keeps redirects within the bank in the relay and lets the TPP redirect go', () => {
    expect(relayedLocation('/sca/abc', bank, relay)).toBe('http://127.0.0.1:7100/sca/abc');
    expect(relayedLocation('http://127.0.0.1:7000/sca/x?y=1', bank, relay)).toBe(
      'http://127.0.0.1:7100/sca/x?y=1',
    );
    expect(relayedLocation('http://127.0.0.1:5000/callback?psu-id=1', bank, relay)).toBe(
      'http://127.0.0.1:5000/callback?psu-id=1',
    );
  });
  it("reports page addresses on the bank's origin, not the relay's", () => {
    const own = 'http://0123abcd.localhost:7100';
    expect(
      reportAtBank(
        [
          { kind: 'page', seq: 1, url: `${own}/sca/abc?t=1`, title: '', marks: [] },
          { kind: 'input', seq: 2, url: `${own}` },
          { kind: 'input', seq: 3, url: `${own}0/x` },
          { kind: 'input', seq: 4, url: 'http://127.0.0.1:5000/callback' },
          'not an event',
        ],
        own,
        bank,
      ),
    ).toEqual([
      { kind: 'page', seq: 1, url: 'http://127.0.0.1:7000/sca/abc?t=1', title: '', marks: [] },
      { kind: 'input', seq: 2, url: 'http://127.0.0.1:7000' },
      { kind: 'input', seq: 3, url: `${own}0/x` },
      { kind: 'input', seq: 4, url: 'http://127.0.0.1:5000/callback' },
      'not an event',
    ]);
    expect(reportAtBank({ not: 'a batch' }, own, bank)).toEqual({ not: 'a batch' });
  });
  it('binds cookies to the relay', () => {
    expect(relayedCookie('psd2-sca=1; Path=/sca/abc; HttpOnly; SameSite=Lax')).toBe(
      'psd2-sca=1; Path=/sca/abc; HttpOnly; SameSite=Lax',
    );
    expect(relayedCookie('a=1; Domain=bank.example; Secure; SameSite=None')).toBe(
      'a=1; SameSite=Lax',
    );
  });
  it("allows the recorder's script by nonce and its reports to 'self'", () => {
    expect(recorderCsp("default-src 'none'; style-src 'self'", 'N')).toBe(
      "default-src 'none'; style-src 'self'; script-src 'nonce-N'; connect-src 'self'",
    );
    expect(recorderCsp("script-src 'none'; connect-src https://x", 'N')).toBe(
      "script-src 'nonce-N'; connect-src https://x 'self'",
    );
  });
});

describe('desktop SCA window recorder', () => {
  const batch = [{ kind: 'redirect', seq: 1, url: 'http://127.0.0.1/cb' }];
  it('reads the prefixed console lines in both Electron listener signatures', () => {
    const got: unknown[] = [];
    const errors: string[] = [];
    const listen = recorderConsoleListener({ report: (b) => got.push(b) }, (e) => errors.push(e));
    listen({ message: `${CONSOLE_PREFIX}${JSON.stringify(batch)}` });
    listen({}, 1, `${CONSOLE_PREFIX}${JSON.stringify(batch)}`, 1, 'x');
    listen({ message: 'the bank logs something' });
    listen({ message: `${CONSOLE_PREFIX}not json` });
    expect(got).toEqual([batch, batch]);
    expect(errors).toEqual(['a recorder console line must carry a JSON array']);
    expect(SCA_WINDOW_RECORDER_SCRIPT).toContain(JSON.stringify(CONSOLE_PREFIX));
  });
});

describe('recordings per attempt', () => {
  it('keeps reports until stopped, refuses bad ones, and makes the steps file', () => {
    const recordings = new ScaRecordings();
    const sink = recordings.start('a1', new Date('2026-11-27T10:00:00Z'));
    expect(() => sink.report([{ kind: 'nope' }])).toThrow(/kind/);
    expect(recordings.view('a1')).toMatchObject({
      events: 0,
      problem: expect.stringMatching(/no form/),
    });
    sink.report([
      {
        kind: 'page',
        seq: 1,
        url: 'http://127.0.0.1:7000/sca/x',
        marks: [{ tag: 'main', attributes: { 'data-step': 'authorise' } }],
      },
      {
        kind: 'submit',
        seq: 2,
        url: 'http://127.0.0.1:7000/sca/x',
        form: { tag: 'form', attributes: { name: 'authorise' } },
        button: { tag: 'button', attributes: { name: 'action', value: 'confirm' } },
        controls: [],
      },
    ]);
    recordings.redirected('a1');
    const view = recordings.view('a1', true);
    expect(view).toMatchObject({ events: 2, redirected: true, stopped: true, secrets: [] });
    expect(view.file?.name).toBe('recorded-127.0.0.1-7000.psu-steps.json');
    expect(JSON.parse(view.file!.text).pages[0].actions[0]).toEqual({ expectRedirect: true });
    sink.report([{ kind: 'redirect', seq: 3, url: 'x' }]);
    expect(recordings.view('a1').events).toBe(2);
    expect(() => recordings.view('nope')).toThrow(/No recording/);
  });

  it("names the steps after the target's name and the day when the target is known", () => {
    const recordings = new ScaRecordings();
    const startedAt = new Date('2026-11-27T23:30:00Z');
    recordings.start('a2', startedAt, 'Embedded bank (sandbox)').report([
      {
        kind: 'submit',
        seq: 1,
        url: 'http://127.0.0.1:42019/sca/x',
        form: { tag: 'form', attributes: { name: 'authorise' } },
        button: { tag: 'button', attributes: { name: 'action', value: 'confirm' } },
        controls: [],
      },
    ]);
    const view = recordings.view('a2');
    expect(view.file?.name).toBe('embedded-bank-sandbox-2026-11-27.psu-steps.json');
    expect(view.file?.text).toContain('Recorded by clicking through 127.0.0.1:42019');
  });
});
