/**
 * Recording SCA steps through the contract (docs/sca.md, "Recording SCA steps"): `sca.begin` with
 * `record` opens the bank's pages through the web host's relay, on a host name of its own
 * (`<random>.localhost`), which adds the recorder to them and refuses malformed reports;
 * `sca.recording` shows and stops it; a host that cannot record, an unknown attempt and steps
 * that do not validate are refused with what is wrong. The relay answers only its own Host (never
 * lending the bank's Host to another), and takes reports only on its token path from its Origin.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
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

/**
 * A request to the relay at `url` over 127.0.0.1 (Node does not resolve *.localhost as browsers
 * do); Host is the URL's unless `headers` says otherwise.
 */
function relayRequest(
  url: URL,
  init: { method?: string; headers?: Record<string, string>; body?: string; path?: string } = {},
): Promise<{ statusCode: number; headers: Record<string, string>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: Number(url.port),
        method: init.method ?? 'GET',
        path: init.path ?? `${url.pathname}${url.search}`,
        headers: { host: url.host, ...init.headers },
        setHost: false,
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({
            statusCode: res.statusCode!,
            headers: res.headers as Record<string, string>,
            text,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

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
    expect(relayed.hostname).toMatch(/^[0-9a-f]{32}\.localhost$/);
    expect(relayed.origin).not.toBe(new URL(bankUrl).origin);
    expect(`${relayed.pathname}${relayed.search}`).toBe('/sca/unknown?t=x');

    // The bank's (error) page, relayed: the recorder is in it, allowed by nonce.
    const page = await relayRequest(relayed);
    const html = page.text;
    expect(page.statusCode).toBeGreaterThanOrEqual(400);
    expect(html).toContain('__psd2WorkbenchRecorder');
    const nonce = /<script nonce="([^"]+)">/.exec(html)?.[1];
    expect(page.headers['content-security-policy']).toContain(`script-src 'nonce-${nonce}'`);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    // A report that is not one is refused with the field named.
    const reportPath = new RegExp(`${RECORDER_ENDPOINT}/[A-Za-z0-9_-]{43}`).exec(html)![0];
    const report = (body: string) =>
      relayRequest(relayed, {
        method: 'POST',
        path: reportPath,
        headers: { origin: relayed.origin },
        body,
      });
    const bad = await report(JSON.stringify([{ kind: 'input', seq: 1, url: 'x' }]));
    expect(bad.statusCode).toBe(400);
    expect(bad.text).toMatch(/^\[0\]/);
    expect((await report('{')).text).toBe('a report must be JSON');

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
    await expect(relayRequest(relayed)).rejects.toThrow();
  });

  it('answers only its own Host, and takes reports only on its token path from its Origin', async () => {
    services = createServices({ kind: 'web', dataDir, relayScaPages: startScaRecordRelay });
    const bank = (await call<BankStatusView>('bank.start', { mode: 'sandbox' })) as BankStatusView;
    const bankHost = new URL(bank.url!).host;
    const attempt = (await call<ScaAttemptView>('sca.begin', {
      targetId: 'embedded-sandbox',
      href: '/sca/unknown?t=x',
      record: true,
    })) as ScaAttemptView;
    const relayed = new URL(attempt.url);

    // The bank refuses a foreign Host itself (421); the relay does not lend it the bank's own.
    for (const host of ['attacker.example', `127.0.0.1:${relayed.port}`, bankHost]) {
      const answer = await relayRequest(relayed, { headers: { host } });
      expect(answer.statusCode, host).toBe(421);
      expect(answer.text).toContain(`answers only requests addressed to ${relayed.host}`);
      expect(answer.text).toContain(`not Host '${host}'`);
      expect(answer.text).not.toContain('__psd2WorkbenchRecorder');
    }

    const html = (await relayRequest(relayed)).text;
    const reportPath = new RegExp(`${RECORDER_ENDPOINT}/[A-Za-z0-9_-]{43}`).exec(html)![0];
    const page = JSON.stringify([
      { kind: 'page', seq: 1, url: attempt.url, title: 't', marks: [] },
    ]);
    const post = (path: string, headers: Record<string, string>) =>
      relayRequest(relayed, { method: 'POST', path, headers, body: page });
    for (const [path, headers, said] of [
      [RECORDER_ENDPOINT, { origin: relayed.origin }, /token/],
      [`${RECORDER_ENDPOINT}/${'A'.repeat(43)}`, { origin: relayed.origin }, /token/],
      [
        reportPath,
        { origin: 'http://attacker.example' },
        /not Origin 'http:\/\/attacker\.example'/,
      ],
      [reportPath, { origin: `http://127.0.0.1:${relayed.port}` }, /own pages/],
      [reportPath, {}, /without Origin/],
    ] as const) {
      const answer = await post(path, headers);
      expect(answer.statusCode, `${path} ${JSON.stringify(headers)}`).toBe(403);
      expect(answer.text).toMatch(said);
    }
    const seen = (await call<ScaRecordingView>('sca.recording', {
      attemptId: attempt.id,
    })) as ScaRecordingView;
    expect(seen.events).toBe(0);
    expect((await post(reportPath, { origin: relayed.origin })).statusCode).toBe(204);
    const taken = (await call<ScaRecordingView>('sca.recording', {
      attemptId: attempt.id,
    })) as ScaRecordingView;
    expect(taken.events).toBe(1);

    // A form submitted: the steps are named after the target and the day, not the relay's port.
    const submit = JSON.stringify([
      {
        kind: 'submit',
        seq: 2,
        url: attempt.url,
        form: { tag: 'form', attributes: { name: 'authorise' } },
        button: { tag: 'button', attributes: { name: 'action', value: 'confirm' } },
        controls: [],
      },
    ]);
    const submitted = await relayRequest(relayed, {
      method: 'POST',
      path: reportPath,
      headers: { origin: relayed.origin },
      body: submit,
    });
    expect(submitted.statusCode).toBe(204);
    const named = (await call<ScaRecordingView>('sca.recording', {
      attemptId: attempt.id,
    })) as ScaRecordingView;
    const day = attempt.startedAt.slice(0, 10);
    expect(named.file?.name).toBe(`embedded-bank-sandbox-${day}.psu-steps.json`);
  });
});
