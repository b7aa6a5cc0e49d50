/**
 * Re-run failed inside the same run's history: a check failing under a fault
 * profile is re-run with the fault off; the run gains attempt 2 instead of a new run appearing,
 * the check shows its latest verdict with attempt 1's failure kept beside it, and the run's counts
 * are those of the latest attempts.
 */
import { test, expect, expectOnlyLoopback } from './fixtures';
import { shotAtReviewSizes } from './steps';

const FAILING = 'SIGN-INVALID-SIGNATURE-400';
const PASSING = 'SIGN-MISSING-SIGNATURE-400';

test('re-run failed adds an attempt to the same run', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(webHost.url);
  await page.getByTestId('nav-runner').click();
  // The active target is shared with the composer: another journey may have left another chosen.
  await page.getByTestId('runner-target').selectOption('embedded-sandbox');

  // Two signing checks; the bank breaks the rule of one of them.
  for (const id of [FAILING, PASSING]) {
    await page.getByTestId('catalogue-search').fill(id);
    // A check that covers two rules is listed under each: either box selects it.
    await page.getByTestId(`select-check-${id}`).first().check();
  }
  await page.getByTestId('catalogue-search').fill('');
  await page.getByTestId('fault-picker').locator('summary').click();
  await page.getByTestId('fault-search').fill('SIGN-INVALID');
  await page.getByTestId('fault-option-SIGN-INVALID-400').check();
  await page.getByTestId('run-selected').click();
  await expect(page.getByTestId('run-state')).toHaveText('finished', { timeout: 60_000 });
  // The check, and the rule the fault breaks on every answer (401 with a code of 400).
  await expect(page.getByTestId('run-count-FAIL')).toHaveText('2');
  await expect(page.getByTestId('run-count-PASS')).toHaveText('1');
  const runs = await page.getByTestId('run-picker').locator('option').count();

  // The bank is fixed: the failure is re-run as attempt 2 of the same run.
  await page.getByTestId('fault-option-SIGN-INVALID-400').uncheck();
  await expect(page.getByTestId('run-failed')).toHaveText('Re-run failed (1)');
  await page.getByTestId('run-failed').click();
  await expect(page.getByTestId('run-attempts')).toHaveText('2 attempts', { timeout: 60_000 });
  await expect(page.getByTestId('run-state')).toHaveText('finished');
  await expect(page.getByTestId('run-count-FAIL')).toHaveText('0');
  await expect(page.getByTestId('run-count-PASS')).toHaveText('2');
  // The every-answer FAIL: its check ran again and nothing broke the rule, so it is no verdict now.
  await expect(page.getByTestId('run-count-SKIPPED')).toHaveText('1');
  await expect(page.getByTestId('run-picker').locator('option')).toHaveCount(runs);
  await expect(page.getByTestId('run-picker').locator('option:checked')).toContainText(
    '2 attempts',
  );

  // The check's latest verdict, with attempt 1's failure kept and openable.
  const row = page.getByTestId(`result-${FAILING}`);
  await expect(row).toHaveAttribute('data-status', 'PASS');
  await expect(row.getByTestId('result-attempt')).toHaveText('· attempt 2 (was FAIL)');
  await row.getByRole('button').click();
  const evidence = page.getByTestId('check-evidence');
  await expect(evidence.getByTestId('evidence-status')).toHaveText(/PASS/);
  const earlier = evidence.getByTestId('earlier-attempt');
  await expect(earlier).toHaveCount(1);
  await expect(earlier).toHaveAttribute('data-attempt', '1');
  await expect(earlier).toContainText('FAIL');
  await earlier.locator('summary').first().click();
  // The positive control first (the same request signed: accepted), then the refusal it judged.
  const statuses = earlier.getByTestId('exchange-status');
  await expect(statuses.first()).toHaveText('201');
  await expect(statuses.filter({ hasText: /^401$/ })).toHaveCount(1);
  await evidence.getByTestId('earlier-attempts').scrollIntoViewIfNeeded();
  await shotAtReviewSizes(page, testInfo, 'runner-attempts');

  expectOnlyLoopback(requests);
});
