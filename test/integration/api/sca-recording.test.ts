/**
 * Recording SCA steps through the contract (docs/sca.md, "Recording SCA steps"): `sca.begin` with
 * `record` opens the bank's pages through the web host's relay, which adds the recorder to them
 * and refuses malformed reports; `sca.recording` shows and stops it; a host that cannot record,
 * an unknown attempt and steps that do not validate are refused with what is wrong.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { createServices, type Services } from '../../../main/api/services';
import { startScaRecordRelay, RECORDER_ENDPOINT } from '../../../main/hosts/web/sca-record-proxy';
import type {
  BankStatusView,
  CallName,
  ScaAttemptView,
  ScaRecordingView,
} from '../../../main/api/contract';

let dataDir: string;
let services: Services | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'workbench-record-'));
});
afterEach(async () => {
  await services?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

async function call<T>(name: CallName, args: unknown): Promise<T | string> {
  const outcome = await services!.dispatch(name, args);
  return outcome.ok ? (outcome.result as T) : outcome.error.message;
}

describe('recording SCA steps through the contract', () => {
  it('refuses what cannot be done, naming why', async () => {
    services = createServices({ kind: 'web', dataDir });
    // Neither the web host's relay nor the desktop SCA window: nothing can record.
    expect(
      await call('sca.begin', { targetId: 'embedded-sandbox', href: '/sca/x', record: true }),
    ).toBe('This host cannot record the SCA pages.');
    expect(await call('sca.recording', { attemptId: 'none' })).toBe(
      "No recording of the SCA attempt 'none'.",
    );
    expect(
      await call('sca.replay', {
        targetId: 'embedded-sandbox',
        href: '/sca/x',
        steps: {
          name: 'x',
          pages: [{ name: 'p', match: { path: '(' }, actions: [{ submit: '' }] }],
        },
      }),
    ).toMatch(/^PSU steps: pages\[0\]\.match\.path: is not a regular expression/);
  });

  it("opens the bank's pages through the relay with the recorder, and stops it", async () => {
    services = createServices({ kind: 'web', dataDir, relayScaPages: startScaRecordRelay });
    const bank = (await call<BankStatusView>('bank.start', { mode: 'sandbox' })) as BankStatusView;
    const bankUrl = bank.url!;
    const attempt = (await call<ScaAttemptView>('sca.begin', {
      targetId: 'embedded-sandbox',
      href: '/sca/unknown?t=x',
      record: true,
    })) as ScaAttemptView;
    expect(attempt.recording).toBe(true);
    const relayed = new URL(attempt.url);
    expect(relayed.hostname).toBe('127.0.0.1');
    expect(relayed.origin).not.toBe(new URL(bankUrl).origin);
    expect(`${relayed.pathname}${relayed.search}`).toBe('/sca/unknown?t=x');

    // The bank's (error) page, relayed: the recorder is in it, allowed by nonce.
    const page = await request(attempt.url);
    const html = await page.body.text();
    expect(page.statusCode).toBeGreaterThanOrEqual(400);
    expect(html).toContain('__psd2WorkbenchRecorder');
    const nonce = /<script nonce="([^"]+)">/.exec(html)?.[1];
    expect(page.headers['content-security-policy']).toContain(`script-src 'nonce-${nonce}'`);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    // A report that is not one is refused with the field named.
    const endpoint = new URL(RECORDER_ENDPOINT, relayed.origin);
    const bad = await request(endpoint, {
      method: 'POST',
      body: JSON.stringify([{ kind: 'input', seq: 1, url: 'x' }]),
    });
    expect(bad.statusCode).toBe(400);
    expect(await bad.body.text()).toMatch(/^\[0\]/);
    const notJson = await request(endpoint, { method: 'POST', body: '{' });
    expect(await notJson.body.text()).toBe('a report must be JSON');

    const view = (await call<ScaRecordingView>('sca.recording', {
      attemptId: attempt.id,
      stop: true,
    })) as ScaRecordingView;
    expect(view).toMatchObject({
      events: 0,
      stopped: true,
      problem: expect.stringMatching(/no form/),
    });
    // Stopped: the relay is closed.
    await expect(request(attempt.url)).rejects.toThrow();
  });
});
