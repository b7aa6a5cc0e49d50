/**
 * A PSU steps replay through the contract (main/api/services/tpp/sca-replay.ts, SECURITY.md "What
 * the UI may reach on the host"): steps that arrive through the UI — often a recording a bank's
 * page made — name only WORKBENCH_PROFILE_* variables; a call without `confirm` types nothing and
 * answers what would be typed where, the secrets by their variables' names; and the answer of a
 * confirmed replay carries no value it read from the environment, in its error or its captions.
 * A replay that opens a used-up scaRedirect ends saying so, and what to do.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createServices, type Services } from '../../../main/api/services';
import type { CallName, ScaReplayView } from '../../../main/api/contract';
import { has } from '../../support/machine';
import { errorPage } from '../../../main/core/bank/handlers/sca/pages/views';
import { SPENT_LINK } from '../../../main/shared/spent-link';

const PIN = 'S3cret-pin-4711';
const PASSPHRASE = 'the-keystore-passphrase-of-the-host';

let dataDir: string;
let services: Services | undefined;
let bank: Server | undefined;
/** The query strings the planted page received. */
const received: string[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'workbench-replay-'));
  vi.stubEnv('WORKBENCH_PROFILE_REPLAY_PIN', PIN);
  vi.stubEnv('WORKBENCH_KEYSTORE_PASSPHRASE', PASSPHRASE);
  services = createServices({ kind: 'web', dataDir });
  received.length = 0;
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await services?.dispose();
  await new Promise((done) => (bank ? bank.close(done) : done(undefined)));
  bank = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

async function call<T>(name: CallName, args: unknown): Promise<T | string> {
  const outcome = await services!.dispatch(name, args);
  return outcome.ok ? (outcome.result as T) : outcome.error.message;
}

/** A page whose form is sent with GET (so the value shows in the next page's URL). */
async function startPage(): Promise<string> {
  bank = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/done') received.push(url.search);
    response.setHeader('content-type', 'text/html');
    response.end(
      '<!doctype html><form action="/done"><input name="pin"><button>Go</button></form>',
    );
  });
  await new Promise<void>((done) => bank!.listen(0, '127.0.0.1', done));
  // The replay notes an attempt of the target's PSU session: its bank runs.
  await call('bank.start', { mode: 'sandbox' });
  return `http://127.0.0.1:${(bank.address() as AddressInfo).port}/login`;
}

const steps = (variable: string) => ({
  name: 'planted',
  pages: [
    {
      name: 'login',
      match: { path: '^/login$' },
      actions: [{ fill: 'pin', value: `\${env:${variable}}` }, { submit: '' }],
    },
    {
      name: 'done',
      match: { path: '^/done$' },
      actions: [{ fail: `the bank refused \${env:${variable}}` }],
    },
  ],
});

describe('sca.replay and the environment', () => {
  it('refuses steps naming a variable outside WORKBENCH_PROFILE_*, naming it and the rule', async () => {
    const refused = await call('sca.replay', {
      targetId: 'embedded-sandbox',
      href: 'http://127.0.0.1:1/login',
      steps: steps('WORKBENCH_KEYSTORE_PASSPHRASE'),
    });
    expect(refused).toMatch(
      /^PSU steps: 'planted' names environment variables it may not read: WORKBENCH_KEYSTORE_PASSPHRASE \(pages\[0\]\.actions\[0\]\): .*WORKBENCH_PROFILE_/,
    );
    expect(refused).not.toContain(PASSPHRASE);
    // A token does not help: the names are checked first.
    expect(
      await call('sca.replay', {
        targetId: 'embedded-sandbox',
        href: 'http://127.0.0.1:1/login',
        steps: steps('WORKBENCH_KEYSTORE_PASSPHRASE'),
        confirm: 'x',
      }),
    ).toMatch(/WORKBENCH_KEYSTORE_PASSPHRASE/);
  });

  it('answers what it would type where and types nothing until confirmed', async () => {
    const href = await startPage();
    const args = {
      targetId: 'embedded-sandbox',
      href,
      steps: steps('WORKBENCH_PROFILE_REPLAY_PIN'),
    };
    const asked = (await call<ScaReplayView>('sca.replay', args)) as ScaReplayView;
    expect(typeof asked, String(asked)).toBe('object');
    expect(asked.attemptId).toBeUndefined();
    expect(asked.screenshots).toEqual([]);
    expect(asked.confirmation).toMatchObject({
      url: href,
      typing: [
        {
          page: 'login',
          action: 'fill',
          field: 'pin',
          value: '${env:WORKBENCH_PROFILE_REPLAY_PIN}',
          env: ['WORKBENCH_PROFILE_REPLAY_PIN'],
        },
        { page: 'login', action: 'submit', field: '', value: '', env: [] },
      ],
    });
    expect(JSON.stringify(asked)).not.toContain(PIN);
    expect(received).toEqual([]);

    // A token is for these steps on this scaRedirect only.
    const token = asked.confirmation!.token;
    const other = { ...args, steps: { ...args.steps, name: 'other' }, confirm: token };
    expect(await call('sca.replay', other)).toMatch(/^The replay was not confirmed/);
    expect(await call('sca.replay', { ...args, confirm: `${token}x` })).toMatch(
      /^The replay was not confirmed/,
    );
    expect(received).toEqual([]);
  });

  it.skipIf(!has('chromium'))(
    'once confirmed, types the value and answers without it in the error or the captions',
    async () => {
      const href = await startPage();
      const args = {
        targetId: 'embedded-sandbox',
        href,
        steps: steps('WORKBENCH_PROFILE_REPLAY_PIN'),
      };
      const asked = (await call<ScaReplayView>('sca.replay', args)) as ScaReplayView;
      const view = (await call<ScaReplayView>('sca.replay', {
        ...args,
        confirm: asked.confirmation!.token,
      })) as ScaReplayView;
      // The page got the value: the replay played.
      expect(received).toEqual([`?pin=${PIN}`]);
      expect(view.error).toBe('the bank refused [redacted]');
      expect(view.screenshots.map((s) => s.url)).toEqual([
        href,
        href.replace('/login', `/done?pin=[redacted]`),
      ]);
      const text = JSON.stringify({ ...view, screenshots: view.screenshots.map((s) => s.url) });
      expect(text).not.toContain(PIN);
    },
    60_000,
  );

  it.skipIf(!has('chromium'))(
    "ends on the bank's used-link page (409) saying the link is spent, not that no rule fits",
    async () => {
      // What the bank answers on opening an scaRedirect whose SCA ended.
      bank = createServer((_request, response) => {
        response.writeHead(409, { 'content-type': 'text/html; charset=utf-8' });
        response.end(errorPage('sandbox', 'Authorisation already ended', 'Already ended.'));
      });
      await new Promise<void>((done) => bank!.listen(0, '127.0.0.1', done));
      await call('bank.start', { mode: 'sandbox' });
      const args = {
        targetId: 'embedded-sandbox',
        href: `http://127.0.0.1:${(bank.address() as AddressInfo).port}/sca/a-1?t=x`,
        steps: {
          name: 'recorded',
          stepOf: { selector: '[data-step]', attribute: 'data-step' },
          pages: [
            { name: 'login', match: { selector: '[data-step=login]' }, actions: [{ submit: '' }] },
          ],
        },
      };
      const asked = (await call<ScaReplayView>('sca.replay', args)) as ScaReplayView;
      const view = (await call<ScaReplayView>('sca.replay', {
        ...args,
        confirm: asked.confirmation!.token,
      })) as ScaReplayView;
      expect(view.error).toBe(`the bank answered 409: ${SPENT_LINK}`);
    },
    60_000,
  );
});
