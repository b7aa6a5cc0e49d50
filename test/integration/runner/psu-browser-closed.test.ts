/**
 * A PSU browser that closes under a running check ends that check, not the run. The browser PSU
 * (Chromium, the built-in `workbench-bank` steps) plays the embedded bank's SCA pages behind a
 * proxy that keeps their buttons disabled, so the PSU's click waits; the browser is closed as the
 * first page's screenshot is taken, just before that click. The click and the wait for the next
 * page both fail with "Target page, context or browser has been closed". The check is
 * INCONCLUSIVE (could not test) naming it, nothing is left rejecting unhandled (which ends the
 * process: exit 1, no summary, no report), and the run ends with its summary and its report. A
 * browser that went away behind the agent's back (a crash) is launched again for the next check.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBank, type Bank } from '../../../main/core/bank/index';
import { VirtualClock } from '../../../main/core/clock';
import {
  createTppIdentity,
  type TppIdentity,
} from '../../../main/core/runner/targets/embedded-target';
import { consoleReporter, jsonReporter, runChecks } from '../../../main/core/runner/index';
import { externalTarget } from '../../../main/core/runner/targets/external-target';
import {
  suitePsuAgentFactory,
  type PsuAgentFactory,
  type SuitePsuAgentFactory,
} from '../../../main/core/runner/targets/psu-adapter';
import { launchPsuBrowser } from '../../../main/core/tpp/psu-browser/browser-agent';
import type { Browser } from 'playwright-core';
import { CHECKS } from '../../../suites/index';
import type { CheckResult, RunResult } from '../../../main/shared/run-result';
import { has } from '../../support/machine';

const CHECK = 'CONSENT-GRANTED-DURING-SCA';
/** Keeps every button of the page disabled: the PSU's click waits for it. */
const BUTTONS_DISABLED =
  "<script>for (const b of document.querySelectorAll('button, input[type=submit]')) b.disabled = true;</script>";
const HOP_BY_HOP = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);

let dir: string;
let identity: TppIdentity;
let bank: Bank;
let proxy: Server;
let proxyUrl: string;
/** Whether the proxy disables the buttons of the bank's pages. */
let buttonsDisabled = true;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  dir = await mkdtemp(join(tmpdir(), 'psu-closed-'));
  identity = await createTppIdentity();
  bank = createBank({ mode: 'sandbox', clock: new VirtualClock() });
  const bankUrl = (await bank.listen()).url;
  const bankHost = new URL(bankUrl).host;
  // The bank's HTML pages get the script. The bank answers its own Host only, so the proxy sends
  // that, and points the links of its answers (the scaRedirect, its pages' forms and redirects)
  // back at the proxy.
  proxy = createServer((incoming, outgoing) => {
    const proxyHost = incoming.headers.host!;
    const forward = httpRequest(
      `${bankUrl}${incoming.url}`,
      { method: incoming.method, headers: { ...incoming.headers, host: bankHost } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const headers: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(answer.headers))
            if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
          if (typeof headers['location'] === 'string')
            headers['location'] = headers['location'].replaceAll(bankHost, proxyHost);
          const html = /text\/html/i.test(String(headers['content-type'] ?? ''));
          const body = Buffer.concat(chunks)
            .toString('utf8')
            .replaceAll(bankHost, proxyHost)
            .concat(html && buttonsDisabled ? BUTTONS_DISABLED : '');
          outgoing.writeHead(answer.statusCode!, headers).end(body);
        });
      },
    );
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await new Promise((resolve) => proxy?.close(resolve));
  await bank?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The PSU of `factory`, with `close` called as it takes a page's screenshot, before the click. */
function closingAt(factory: SuitePsuAgentFactory, close: () => void): PsuAgentFactory {
  return (context) => {
    const agent = factory(context);
    return {
      completeSca: (url, script, evidence) =>
        agent.completeSca(
          url,
          script,
          evidence && {
            ...evidence,
            screenshot: (shot) => {
              evidence.screenshot(shot);
              close();
            },
          },
        ),
    };
  };
}

/** A run of the one check with `psuAgent`: its console lines and its JSON report. */
async function runCheck(psuAgent: PsuAgentFactory, name: string) {
  const target = externalTarget({
    baseUrl: proxyUrl,
    mode: 'sandbox',
    signing: { key: identity.qsealc.privateKey, certificate: identity.qsealc.certificateDer },
    psuAgent,
  });
  const lines: string[] = [];
  const out = join(dir, name);
  try {
    await runChecks({
      checks: CHECKS.filter((check) => check.id === CHECK),
      target: target.info,
      createEnvironment: (_check, signal) => target.createEnvironment(signal),
      reporters: [
        consoleReporter({ write: (line) => lines.push(line) }),
        jsonReporter({ outputDir: out }),
      ],
      logger: { error: () => {} },
    });
  } finally {
    await target.close();
  }
  // Let a rejection nobody handles surface before judging.
  await new Promise((resolve) => setImmediate(resolve));
  const result = JSON.parse(readFileSync(join(out, 'run-result.json'), 'utf8')) as RunResult;
  return { lines, check: result.checks.find((c) => c.checkId === CHECK)! };
}

const stopText = (check: CheckResult) =>
  `${check.couldNotTest?.reason ?? ''} ${check.couldNotTest?.error?.message ?? ''}`;

describe.skipIf(!has('chromium'))('a PSU browser closed during SCA', () => {
  it('is the check’s could-not-test; the run ends with its summary and report', async () => {
    const factory = suitePsuAgentFactory({ mode: 'browser' });
    buttonsDisabled = true;
    try {
      const { lines, check } = await runCheck(
        closingAt(factory, () => void factory.close()),
        'closed',
      );
      expect(unhandled.map(String)).toEqual([]);
      expect(lines).toContainEqual(
        expect.stringMatching(/^1 checks: 0 passed, 0 failed, 1 could not test, /),
      );
      expect(check.status).toBe('INCONCLUSIVE');
      expect(stopText(check)).toMatch(/has been closed/);
    } finally {
      await factory.close();
    }
  }, 120_000);

  it('the next check gets a new browser when one crashed under a check', async () => {
    const browsers: Browser[] = [];
    const factory = suitePsuAgentFactory({
      mode: 'browser',
      launch: async () => {
        const browser = await launchPsuBrowser();
        browsers.push(browser);
        return browser;
      },
    });
    try {
      // Gone behind the factory's back, as a crashed Chromium is.
      buttonsDisabled = true;
      const crashed = await runCheck(
        closingAt(factory, () => void browsers.at(-1)?.close()),
        'crashed',
      );
      expect(crashed.check.status).toBe('INCONCLUSIVE');
      expect(stopText(crashed.check)).toMatch(/has been closed/);
      buttonsDisabled = false;
      const next = await runCheck(factory, 'next');
      expect(next.check.status, stopText(next.check)).toBe('PASS');
      expect(browsers).toHaveLength(2);
      expect(unhandled.map(String)).toEqual([]);
    } finally {
      await factory.close();
    }
  }, 120_000);
});
