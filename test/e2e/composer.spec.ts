/**
 * The composer's editor against the bank's own JSON Schemas (design property 5 of
 * docs/architecture.md): an
 * endpoint's example body passes, a wrong one is flagged live, enum values are offered as
 * completions; a stopped target can be started from here; requests are saved into collections
 * that survive a reload.
 */
import { test, expect, expectOnlyLoopback } from './fixtures';

test('validates the body live against the bank schema and saves the request', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  await page.goto(webHost.url);
  await page.getByTestId('nav-composer').click();
  await page.getByTestId('target-picker').selectOption('embedded-sandbox');
  await expect(page.getByTestId('status-target')).toContainText('Embedded bank (sandbox)');
  const start = page.getByTestId('target-start');
  if (await start.isVisible()) await start.click();
  await expect(page.getByTestId('target-stopped')).toHaveCount(0);

  await page.getByTestId('endpoint-picker').selectOption('createSandboxCardAccount');
  await expect(page.getByTestId('request-path')).toHaveValue('/v1/sandbox/card-accounts');
  const editor = page.getByTestId('body-editor').locator('.monaco-editor');
  await expect(editor).toContainText('"customerNumber"');
  await expect(page.getByTestId('body-status')).toHaveText('Valid JSON');
  // The example satisfies the schema the bank validates with.
  await expect(page.getByTestId('body-problems')).toHaveCount(0);

  // A status outside §3.3's enum and missing required fields are reported while typing.
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type('{"status": "gone"'); // Monaco closes the brace
  // It parses, but the badge does not call it valid while the schema finds problems.
  await expect(page.getByTestId('body-status')).toHaveText(
    /^Valid JSON, but not what the bank's schema asks: \d+ problems? below$/,
  );
  const problems = page.getByTestId('body-problems');
  await expect(problems).toContainText('Value is not accepted');
  await expect(problems).toContainText('Missing property "customerNumber"');

  // Enum values come as completions.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type('{"status": ');
  await page.keyboard.press('Control+Space');
  const suggestions = page.locator('.suggest-widget');
  await expect(suggestions).toContainText('"blocked"');
  await expect(suggestions).toContainText('"enabled"');
  await page.keyboard.press('Escape');
  await page.screenshot({ path: testInfo.outputPath('composer-schema-problems.png') });

  // Saved into a named collection on disk: still there after a reload.
  await page.getByTestId('save-collection').fill('E2E collection');
  await page.getByTestId('save-name').fill('Card account with a wrong status');
  await page.getByTestId('save-request').click();
  await expect(
    page.getByTestId('saved-request').filter({ hasText: 'Card account with a wrong status' }),
  ).toBeVisible();
  await page.reload();
  await page.getByTestId('nav-composer').click();
  const saved = page
    .getByTestId('saved-request')
    .filter({ hasText: 'Card account with a wrong status' });
  await expect(saved).toBeVisible();
  await saved.getByRole('button').first().click();
  await expect(page.getByTestId('request-path')).toHaveValue('/v1/sandbox/card-accounts');
  await expect(editor).toContainText('"status": ');

  expectOnlyLoopback(requests);
});
