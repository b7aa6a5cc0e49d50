/**
 * WCAG 2.1 AA: axe-core on every view in both themes, with a consent flow done
 * so the views show tables, selected rows, badges and the sequence diagram. No violation of any
 * impact may remain: a moderate one (a skipped heading level) misleads a screen reader's outline
 * as surely as a serious one hides a control.
 */
import type { Page } from '@playwright/test';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { axeViolations, countByImpact, type AxeFinding } from './a11y';
import { openWithConsentDone, DEMO_SIZES, shotAtReviewSizes } from './steps';

/**
 * Test my TPP with a plan started, a module judged and the next one running, so the chooser,
 * the current module, the verdict badges and the report buttons are all on the page.
 */
async function showPlanStates(page: Page, theme: 'light' | 'dark'): Promise<void> {
  if (theme === 'light') {
    await page.getByTestId('plan-start').click();
    await page.getByTestId('plan-start-module').click();
    await page.getByTestId('plan-finish-module').click();
    await page.getByTestId('plan-start-module').click();
  }
  await expect(page.getByTestId('plan-exchanges')).toBeVisible();
  await expect(page.locator('[data-status="NOT_EXERCISED"]')).toBeVisible();
}

test('every view in both themes has no axe-core violation of any impact', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  // Eight views in two themes, Test my TPP playing a module in each: minutes on a loaded machine.
  test.setTimeout(300_000);
  await openWithConsentDone(page, webHost.url);

  const found: AxeFinding[] = [];
  // Dark last: the worker's web host serves the next journeys in its default theme again.
  for (const theme of ['light', 'dark'] as const) {
    await page.getByTestId('nav-settings').click();
    await page.getByTestId(`theme-${theme}`).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    // Every view the navigation offers.
    const sections = (
      await page
        .getByRole('navigation', { name: 'Sections' })
        .locator('[data-testid^="nav-"]:not([data-testid="nav-help"])')
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-testid')!.slice(4)))
    ).map((id) => ({ id }));
    expect(sections.map((section) => section.id)).toContain('tpp-plan');
    expect(sections.length).toBeGreaterThanOrEqual(8);
    for (const section of sections) {
      await page.getByTestId(`nav-${section.id}`).click();
      await expect(page.getByTestId(`nav-${section.id}`)).toHaveAttribute('aria-current', 'page');
      if (section.id === 'bank') {
        // A selected row in the request log: its links and badges on the selection colour.
        await page
          .getByTestId('sequence-step')
          .filter({ hasText: 'POST /v1/consents' })
          .first()
          .click();
      }
      if (section.id === 'history') {
        // An entry open: its request, signing string and response bodies scroll.
        await page.getByTestId('history-entry').first().getByRole('button').click();
        await expect(page.getByTestId('history-detail')).toBeVisible();
      }
      if (section.id === 'tpp-plan') await showPlanStates(page, theme);
      found.push(...(await axeViolations(page, testInfo, `${theme}-${section.id}`)));
      if (section.id === 'tpp-plan' && theme === 'dark')
        await page.getByTestId('plan-finish-module').click();
      if (section.id === 'bank' || section.id === 'runner')
        await shotAtReviewSizes(page, testInfo, `${section.id}-${theme}`, DEMO_SIZES);
    }
  }
  console.log('axe-core findings (elements) by impact:', JSON.stringify(countByImpact(found)));
  for (const f of found) console.log(`${f.view} ${f.impact} ${f.rule}\n  ${f.nodes.join('\n  ')}`);
  expect(found.map((f) => `${f.view} ${f.impact} ${f.rule} (${f.nodes.length})`)).toEqual([]);
  expectOnlyLoopback(requests);
});
