/**
 * Keyboard only (WCAG 2.1.1 and 2.1.2): the composer with its body editor left
 * by the documented Ctrl+M, the runner from choosing checks to reading a result's evidence, and
 * the sequence diagram stepped through with the arrow keys. No clicks: Tab, Space, Enter, arrows.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { consentWithScaDone, DEMO_SIZES, shotAtReviewSizes } from './steps';

/** Presses Tab (or Shift+Tab) until the focus is on `selector`; fails after `max` presses. */
async function tabTo(page: Page, selector: string, { back = false, max = 150 } = {}) {
  for (let i = 0; i < max; i += 1) {
    const there = `document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`;
    if (await (page.evaluate(there) as Promise<boolean>)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

const inEditor = (page: Page) =>
  page.evaluate("document.activeElement?.closest('.monaco-editor') !== null") as Promise<boolean>;

test('the composer by keyboard: into the body editor, out by Esc or Ctrl+M, send', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  await page.goto(webHost.url);
  await page.keyboard.press('Alt+2');
  await expect(page.getByTestId('nav-composer')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('body-editor').locator('.monaco-editor')).toBeVisible();

  // The sandbox bank may be stopped in a fresh web host: started from the composer, by Enter.
  if (await page.getByTestId('target-start').isVisible()) {
    await tabTo(page, '[data-testid="target-start"]');
    await page.keyboard.press('Enter');
  }
  await expect(page.getByTestId('send')).toBeEnabled();

  // No signing certificate in a fresh web host: the request goes unsigned (Space on the box).
  await tabTo(page, '[data-testid="sign-request"]');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('sign-request')).not.toBeChecked();

  // Tab reaches the editor, and there Tab indents: the focus stays.
  await tabTo(
    page,
    '.monaco-editor textarea, .monaco-editor [contenteditable], .monaco-editor .native-edit-context',
  );
  expect(await inEditor(page)).toBe(true);
  await expect(page.getByTestId('editor-keyboard-hint')).toContainText('Esc leaves the editor');
  await shotAtReviewSizes(page, testInfo, 'composer-editor-hint', DEMO_SIZES);
  await page.keyboard.press('Tab');
  expect(await inEditor(page)).toBe(true);
  // The escapes the hint and the help name: Esc leaves; Ctrl+M makes Tab move on.
  await page.keyboard.press('Escape');
  expect(await inEditor(page)).toBe(false);
  await page.keyboard.press('Shift+Tab');
  expect(await inEditor(page)).toBe(true);
  await page.keyboard.press('Control+M');
  await page.keyboard.press('Tab');
  expect(await inEditor(page)).toBe(false);
  await expect(page.getByTestId('editor-keyboard-hint')).toHaveCount(0);
  // Back into the editor, and out the other way to Send, Enter.
  await page.keyboard.press('Shift+Tab');
  expect(await inEditor(page)).toBe(true);
  await tabTo(page, '[data-testid="send"]', { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('response-status')).toBeVisible();

  // The help lists the escape.
  await page.keyboard.press('Escape');
  await page.evaluate('document.activeElement?.blur()');
  await page.keyboard.press('?');
  await expect(page.getByTestId('help-overlay')).toContainText('Ctrl + M');
  await page.keyboard.press('Escape');
  expectOnlyLoopback(requests);
});

test('the runner by keyboard: choose the signing checks, run them, open a result', async ({
  page,
  webHost,
  requests,
}) => {
  test.setTimeout(120_000);
  await page.goto(webHost.url);
  await page.keyboard.press('Alt+4');
  await expect(page.getByTestId('nav-runner')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('select-area-signing')).toBeVisible();

  await tabTo(page, '[data-testid="select-area-signing"]');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('select-area-signing')).toBeChecked();
  await tabTo(page, '[data-testid="run-selected"]', { back: true, max: 400 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('run-state')).toHaveText('finished', { timeout: 90_000 });

  // The first result's evidence, opened with Enter.
  const firstResult = page.getByTestId('results-list').locator('tbody tr').first();
  const id = await firstResult.getAttribute('data-testid');
  await tabTo(page, `[data-testid="${id}"] button`, { max: 400 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('check-evidence')).toBeVisible();
  expectOnlyLoopback(requests);
});

test('the sequence diagram by keyboard: Tab to it, step with the arrows, Enter opens', async ({
  page,
  webHost,
  requests,
}) => {
  test.setTimeout(120_000);
  await page.goto(webHost.url);
  await consentWithScaDone(page);
  await page.keyboard.press('Alt+3');
  const diagram = page.getByTestId('sequence');
  await expect(diagram.getByTestId('sequence-step').first()).toBeVisible();

  // The filter by keyboard: this flow only.
  await tabTo(page, '[data-testid="sequence-since"]');
  await page.keyboard.press('ArrowDown'); // "since reset"
  await page.keyboard.press('ArrowDown'); // "since this flow started"
  await expect(diagram.getByTestId('sequence-since')).toHaveValue('flow');

  await tabTo(page, '[data-testid="sequence-scroll"]');
  await page.keyboard.press('Home');
  const current = diagram.getByTestId('sequence-current');
  await expect(current).toContainText('Step 1 of');
  await expect(current).toContainText('POST /v1/consents');
  await page.keyboard.press('ArrowDown');
  await expect(current).toContainText('Step 2 of');
  await page.keyboard.press('ArrowDown');
  await expect(current).toContainText('Step 3 of');
  await expect(current).toContainText('GET /sca/');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('log-detail')).toContainText('/sca/');
  // The focus stayed on the diagram: the next arrow still moves.
  await page.keyboard.press('End');
  await expect(diagram.getByTestId('sequence-step').last()).toHaveAttribute('data-focused', 'true');
  expectOnlyLoopback(requests);
});

test('skip links: the first Tab offers the view, the bank console offers its diagram', async ({
  page,
  webHost,
  requests,
}) => {
  await page.goto(webHost.url);
  await page.keyboard.press('Alt+3');
  await expect(page.getByTestId('sequence')).toBeVisible();
  await page.locator('body').focus();

  // The first Tab of the page: shown while focused, Enter puts the focus in the view.
  await page.keyboard.press('Tab');
  const toView = page.getByTestId('skip-to-view');
  await expect(toView).toBeFocused();
  await expect(toView).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();

  // From the view's start, the diagram is two presses away instead of a hundred.
  await tabTo(page, '[data-testid="skip-to-sequence"]', { max: 3 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sequence')).toBeFocused();
  await page.keyboard.press('Tab');
  const inDiagram = `document.activeElement?.closest('[data-testid="sequence"]') !== null`;
  expect(await page.evaluate(inDiagram)).toBe(true);
  expectOnlyLoopback(requests);
});
