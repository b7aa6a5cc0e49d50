/**
 * Journey 3, "run the suites and read the evidence", through the page: the catalogue with its
 * coverage (untestable rules with their reasons), a run of every check against the embedded
 * sandbox, a run of the signing checks with a fault profile on that must fail, the failed check's
 * evidence (assertion and exchange), the comparison of the two runs, and the HTML report.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { shot, shotAtReviewSizes } from './steps';

const count = async (page: Page, testId: string) =>
  Number(await page.getByTestId(testId).innerText());

test('run the suites, prove a check fails under a fault profile, read the evidence, export the report', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.goto(webHost.url);
  await page.getByTestId('nav-runner').click();
  await expect(page.getByTestId('nav-runner')).toHaveAttribute('aria-current', 'page');

  // The catalogue with its coverage: every rule is covered, without a check, judged of the client
  // (no check of a bank can observe it; the TPP side states it), or untestable.
  const catalogue = page.getByTestId('catalogue');
  await expect(catalogue.getByTestId('coverage-count-all')).not.toHaveText('0');
  const all = await count(page, 'coverage-count-all');
  const covered = await count(page, 'coverage-count-covered');
  const noCheck = await count(page, 'coverage-count-no-check');
  const client = await count(page, 'coverage-count-client');
  const untestable = await count(page, 'coverage-count-untestable');
  expect(covered).toBeGreaterThan(0);
  expect(client).toBeGreaterThan(0);
  expect(untestable).toBeGreaterThan(0);
  expect(covered + noCheck + client + untestable).toBe(all);

  // The untestable tab is the coverage view of rules without checks: each says why.
  await page.getByTestId('coverage-tab-untestable').click();
  await expect(page.getByTestId('coverage-tab-untestable')).toHaveAttribute('aria-pressed', 'true');
  const untestableRules = catalogue.locator('[data-coverage="untestable"]');
  await expect(untestableRules).toHaveCount(untestable);
  await expect(catalogue.locator('[data-coverage="covered"]')).toHaveCount(0);
  await expect(untestableRules.first().getByTestId('rule-reason')).not.toBeEmpty();
  await shot(page, testInfo, 'runner-untestable-dark');
  await page.getByTestId('coverage-tab-all').click();

  // Run every check against the embedded sandbox and watch it finish.
  // The active target is shared with the composer: another journey may have left another chosen.
  await page.getByTestId('runner-target').selectOption('embedded-sandbox');
  await expect(page.getByTestId('runner-target-unusable')).toHaveCount(0);
  await page.getByTestId('runner-concurrency').fill('8');
  // The catalogue counts both modes' checks, Run all the sandbox's: each says which it counts.
  await expect(page.getByTestId('catalogue-size')).toHaveText(
    /^\d+ rules · \d+ checks of both modes$/,
  );
  await expect(page.getByTestId('run-all')).toHaveText(/^Run all \(\d+ in sandbox\)$/);
  await page.getByTestId('run-all').click();
  const progress = page.getByTestId('run-progress');
  await expect(page.getByTestId('run-all')).toBeDisabled();
  await expect(page.getByTestId('run-cancel')).toBeVisible();
  await expect(page.getByTestId('run-state')).toHaveText(/preparing|running/);
  await expect(page.getByTestId('run-state')).toHaveText('finished', { timeout: 120_000 });
  await expect(progress).toHaveAttribute('data-state', 'finished');
  expect(await count(page, 'run-count-PASS')).toBeGreaterThan(0);
  await expect(page.getByTestId('run-cancel')).toHaveCount(0);
  const firstRun = await count(page, 'run-count-PASS');
  await expect(page.getByTestId('results-list').locator('tbody tr')).not.toHaveCount(0);
  // The tree shows each check's status in that run.
  await page.getByTestId('area-toggle-signing').click();
  await expect(
    // The check covers two rules and is listed under each; both show the same verdict.
    page.getByTestId('check-SIGN-INVALID-SIGNATURE-400').first().locator('[data-status]'),
  ).toHaveAttribute('data-status', 'PASS');
  await shot(page, testInfo, 'runner-run-all-dark');
  expect(firstRun).toBeGreaterThan(0);

  // A check that took a PSU through the SCA pages shows the flow as a picture, exported as SVG.
  await page.getByTestId('result-ERR-SCA-FAILURE-BY-REDIRECT').getByRole('button').click();
  const scaSequence = page.getByTestId('check-evidence').getByTestId('evidence-sequence');
  await expect(scaSequence.locator('img')).toBeVisible();
  const svgDownload = page.waitForEvent('download');
  await scaSequence.getByTestId('evidence-sequence-export').click();
  const svg = await readFile(await (await svgDownload).path(), 'utf8');
  expect(svg).toContain('>POST /v1/consents</text>');
  expect(svg).toContain('>SCA failed: redirect');
  await shotAtReviewSizes(page, testInfo, 'runner-evidence-sequence');

  // The next run goes in an environment of its own (chosen in the composer, shared with the
  // Runner), which its reports must name. Its name is this run's: the worker's web host keeps
  // the environments of earlier journeys.
  const environment = `customer-b-${Date.now().toString(36)}`;
  await page.getByTestId('nav-composer').click();
  await page.getByTestId('target-picker').selectOption('embedded-sandbox');
  await page.getByTestId('variables').locator('summary').click();
  await page.getByTestId('variables-new-environment').fill(environment);
  await page.getByTestId('variables-add-environment').click();
  await expect(page.getByTestId('target-picker-environment')).toHaveValue(environment);
  await page.getByTestId('nav-runner').click();
  await expect(page.getByTestId('runner-target-environment')).toHaveValue(environment);

  // Only the signing area, with the bank answering 401 to a signature that does not verify.
  await page.getByTestId('select-area-signing').check();
  await expect(page.getByTestId('select-check-SIGN-INVALID-SIGNATURE-400').first()).toBeChecked();
  await page.getByTestId('fault-picker').locator('summary').click();
  await page.getByTestId('fault-search').fill('SIGN-INVALID');
  await page.getByTestId('fault-option-SIGN-INVALID-400').check();
  await expect(page.getByTestId('fault-chosen')).toContainText('SIGN-INVALID-400');
  const signingChecks = await page
    .getByTestId('area-signing')
    .locator('[data-testid^="select-check-"]')
    .evaluateAll((boxes) => new Set(boxes.map((b) => b.getAttribute('data-testid'))).size);
  await expect(page.getByTestId('run-selected')).toHaveText(`Run selected (${signingChecks})`);
  await page.getByTestId('run-selected').click();
  await expect(page.getByTestId('run-state')).toHaveText('finished', { timeout: 60_000 });
  await expect(page.getByTestId('run-done')).toHaveText(
    `${signingChecks} of ${signingChecks} checks`,
  );
  // The fault answers 401 with a code of 400: the run also FAILs that on every answer, apart.
  await expect(page.getByTestId('run-every-answer')).toHaveText(
    'and 1 rule judged on every answer',
  );
  expect(await count(page, 'run-count-FAIL')).toBeGreaterThanOrEqual(1);

  // Failures first: with every status shown, the rows run FAIL, then WARNING, then the rest.
  await expect(page.getByTestId('result-filter-all')).toHaveAttribute('aria-pressed', 'true');
  const statuses = await page
    .getByTestId('results-list')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')));
  const rank = (status: string | null) => (status === 'FAIL' ? 0 : status === 'WARNING' ? 1 : 2);
  expect(statuses[0]).toBe('FAIL');
  expect(statuses.map(rank)).toEqual(statuses.map(rank).sort((a, b) => a - b));
  await shotAtReviewSizes(page, testInfo, 'runner-results-failures-first');

  // The failed check's evidence: the assertion, expected and actual, and the 401 exchange.
  await page.getByTestId('result-filter-FAIL').click();
  const failedRow = page.getByTestId('result-SIGN-INVALID-SIGNATURE-400');
  await expect(failedRow).toHaveAttribute('data-status', 'FAIL');
  await failedRow.getByRole('button').click();
  const evidence = page.getByTestId('check-evidence');
  await expect(evidence.getByTestId('evidence-status')).toHaveText(/FAIL/);
  await expect(evidence.getByTestId('evidence-assertion-what')).toHaveText(
    'request with a signature that does not verify',
  );
  await expect(evidence.getByTestId('evidence-expected')).toHaveText('400');
  await expect(evidence.getByTestId('evidence-actual')).toHaveText('401');
  // The positive control first (the same request signed: 201), then the refusal judged (401).
  const exchanges = evidence.getByTestId('exchange');
  await expect(exchanges.first().getByTestId('exchange-status')).toHaveText('201');
  const exchange = exchanges.filter({
    has: page.getByTestId('exchange-status').filter({ hasText: /^401$/ }),
  });
  await expect(exchange).toHaveCount(1);
  await expect(exchange).toHaveAttribute('open', '');
  await expect(exchange).toContainText('Signing string');
  await expect(exchange.getByTestId('exchange-response-body')).toContainText('tppMessages');
  await shot(page, testInfo, 'runner-evidence-dark');

  // Compare the two runs: the fault made a new failure.
  await page.getByTestId('compare-run').click();
  const newFailure = page
    .getByTestId('comparison-row')
    .filter({ hasText: 'SIGN-INVALID-SIGNATURE-400' });
  await expect(newFailure).toHaveAttribute('data-change', 'new failure');

  // The same view in the light theme.
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('theme-light').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('nav-runner').click();
  await expect(page.getByTestId('check-evidence')).toBeVisible();
  await shot(page, testInfo, 'runner-evidence-light');

  // The HTML report of the fault run: has the check, and needs nothing from the network.
  const download = page.waitForEvent('download');
  await page.getByTestId('export-html').click();
  const report = await download;
  // Named after the run: the embedded bank, its mode and the start (UTC), as the CLI's copies.
  expect(report.suggestedFilename()).toMatch(/^embedded-sandbox-\d{8}T\d{6}Z\.html$/);
  const html = await readFile((await report.path())!, 'utf8');
  expect(html).toContain('SIGN-INVALID-SIGNATURE-400');
  expect(html).not.toMatch(/<script[^>]*\bsrc\s*=\s*["']?(https?:)?\/\//i);
  expect(html).not.toMatch(/<link[^>]*\bhref\s*=\s*["']?(https?:)?\/\//i);
  expect(html).not.toMatch(/@import\s+(url\()?["']?(https?:)?\/\//i);
  // A deliberately broken bank: the report says so at the very top, above the title, and in the
  // page's title, and names the fault; JUnit and JSON name it too.
  expect(html).toMatch(/<title>Deliberately broken bank\. PSD2 Workbench run against /);
  const top = html.slice(html.indexOf('<body>'), html.indexOf('<h1>'));
  expect(top).toContain('Deliberately broken bank');
  expect(top).toContain('SIGN-INVALID-400');
  expect(html).toContain('<dt>Fault profiles</dt><dd>SIGN-INVALID-400</dd>');
  // The target as the Runner named it, the environment, and the selection as the run had it:
  // the signing checks chosen, by area, not "all of the mode" nor a command-line target.
  expect(html).toContain('<dt>Target</dt><dd>embedded bank (sandbox): ');
  expect(html).toContain('<dt>Profile</dt><dd>(none: an embedded bank)</dd>');
  expect(html).not.toContain('command-line target');
  expect(html).toContain(`<dt>Environment</dt><dd>${environment}</dd>`);
  expect(html).toMatch(
    /<dt>Selection<\/dt><dd>\d+ checks: chosen: signing \(\d+\): [^<]*SIGN-INVALID-SIGNATURE-400/,
  );
  const exported = async (format: string) => {
    const file = page.waitForEvent('download');
    await page.getByTestId(`export-${format}`).click();
    return readFile((await (await file).path())!, 'utf8');
  };
  const junit = await exported('junit');
  expect(junit).toContain('<property name="faultProfiles" value="SIGN-INVALID-400"');
  expect(junit).toContain('<property name="deliberatelyBroken" value="Deliberately broken bank.');
  expect(junit).toContain(`<property name="environment" value="${environment}"/>`);
  expect(junit).toContain('<property name="targetName" value="embedded bank (sandbox)"/>');
  expect(junit).toMatch(/<property name="selectionSummary" value="\d+ checks: chosen: signing /);
  const json = JSON.parse(await exported('json')) as {
    meta?: {
      target: {
        faultProfiles?: string[];
        faultNotice?: string;
        environment?: string;
        label?: string;
      };
    };
  };
  expect(json.meta?.target).toMatchObject({
    faultProfiles: ['SIGN-INVALID-400'],
    faultNotice: expect.stringMatching(/^Deliberately broken bank\./),
    environment,
    label: 'embedded bank (sandbox)',
  });

  // The sandbox's default environment active again: later journeys find it as they left it.
  await page.getByTestId('nav-composer').click();
  await page.getByTestId('target-picker').selectOption('embedded-sandbox');
  await page.getByTestId('target-picker-environment').selectOption('default');
  await expect(page.getByTestId('target-picker-environment')).toHaveValue('default');

  await page.getByTestId('nav-settings').click();
  await page.getByTestId('theme-dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expectOnlyLoopback(requests);
});

test('cancel a run, import its JSON result back, and export with a baseline of expected failures', async ({
  page,
  webHost,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto(webHost.url);
  await page.getByTestId('nav-runner').click();
  await expect(page.getByTestId('coverage-count-all')).not.toHaveText('0');

  // Cancelled: running checks are aborted, the rest reported SKIPPED.
  await page.getByTestId('runner-concurrency').fill('1');
  await page.getByTestId('run-all').click();
  await expect(page.getByTestId('run-state')).toHaveText('running', { timeout: 30_000 });
  await page.getByTestId('run-cancel').click();
  await expect(page.getByTestId('run-state')).toHaveText('cancelled', { timeout: 30_000 });
  expect(await count(page, 'run-count-SKIPPED')).toBeGreaterThan(0);

  // The JSON result, imported back, is a run of its own with the same counts.
  const skipped = await count(page, 'run-count-SKIPPED');
  const download = page.waitForEvent('download');
  await page.getByTestId('export-json').click();
  const json = await readFile((await (await download).path())!, 'utf8');
  const path = testInfo.outputPath('cancelled-run.json');
  await writeFile(path, json);
  await page.getByTestId('import-run-input').setInputFiles(path);
  await expect(page.getByTestId('runner-status')).toContainText('Imported the run');
  expect(await count(page, 'run-count-SKIPPED')).toBe(skipped);

  // A file that is not a run result is refused, naming the problem.
  const bad = testInfo.outputPath('not-a-run.json');
  await writeFile(bad, '{"format":"something else"}');
  await page.getByTestId('import-run-input').setInputFiles(bad);
  await expect(page.getByTestId('runner-error')).toContainText('"format"');

  // A failure marked as expected shows in the JUnit export as expected, not as a failure.
  await page.getByTestId('runner-concurrency').fill('4');
  await page.getByTestId('catalogue-search').fill('SIGN-MISSING-SIGNATURE-400');
  await page.getByTestId('select-check-SIGN-MISSING-SIGNATURE-400').check();
  await page.getByTestId('fault-picker').locator('summary').click();
  await page.getByTestId('fault-search').fill('SIGN-MISSING-400');
  await page.getByTestId('fault-option-SIGN-MISSING-400').check();
  await page.getByTestId('run-selected').click();
  await expect(page.getByTestId('run-state')).toHaveText('finished', { timeout: 30_000 });
  await page.getByTestId('result-SIGN-MISSING-SIGNATURE-400').getByRole('button').click();
  await page.getByTestId('expected-reason').fill('ticket BANK-12');
  await page.getByTestId('mark-expected').click();
  await expect(page.getByTestId('expected-failure')).toContainText('ticket BANK-12');
  await expect(page.getByTestId('baseline-entries')).toContainText('SIGN-MISSING-SIGNATURE-400');
  const junitDownload = page.waitForEvent('download');
  await page.getByTestId('export-junit').click();
  const junit = await readFile((await (await junitDownload).path())!, 'utf8');
  expect(junit).toContain('SIGN-MISSING-SIGNATURE-400');
  expect(junit).toContain('ticket BANK-12');
  expect(junit).toMatch(/failures="0"/);
});
