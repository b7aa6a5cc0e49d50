/**
 * The sequence diagram on a projector: 16 px text on the theme's background,
 * asset fetches and polling hidden, the newest step followed unless the presenter scrolls back,
 * "since this flow started" and "since reset", arrow keys between steps with Enter opening the
 * exchange, full screen, and a PNG export that the page's Content-Security-Policy lets through.
 */
import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { openWithConsentDone, DEMO_SIZES, shotAtReviewSizes } from './steps';

/** The step is inside the diagram's scroll box, not scrolled out of it. */
async function inScrollBox(box: Locator, step: Locator): Promise<boolean> {
  const [outer, inner] = [await box.boundingBox(), await step.boundingBox()];
  if (!outer || !inner) return false;
  return inner.y >= outer.y - 1 && inner.y + inner.height <= outer.y + outer.height + 1;
}

test('the sequence diagram presented: follows, filters, keyboard, full screen, PNG', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  test.setTimeout(120_000);
  await openWithConsentDone(page, webHost.url);
  await page.getByTestId('nav-bank').click();

  const diagram = page.getByTestId('sequence');
  const box = diagram.getByTestId('sequence-scroll');
  const steps = diagram.getByTestId('sequence-step');
  await expect(steps.first()).toBeVisible();

  // Readable from the back of a room: a 12-unit label is at least 16 px; no white panel in dark.
  const labelPx = await box
    .locator('svg')
    .evaluate((svg) => (svg.getBoundingClientRect().width / svg.viewBox.baseVal.width) * 12);
  expect(labelPx).toBeGreaterThanOrEqual(16);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(box.locator('svg > rect').first()).toHaveAttribute('fill', '#1e1e1e');

  // The SCA pages' stylesheet and favicon, and status polling, are hidden unless asked for.
  const noise = steps.filter({ hasText: /\.css|favicon|\/status$/ });
  await expect(diagram.getByTestId('sequence-hidden')).toContainText(/\d+ hidden/);
  await expect(noise).toHaveCount(0);
  await diagram.getByTestId('sequence-show-noise').check();
  await expect(noise.first()).toBeAttached();
  await diagram.getByTestId('sequence-show-noise').uncheck();
  await expect(noise).toHaveCount(0);

  // This flow: from the consent request of the current TPP session on.
  await diagram.getByTestId('sequence-since').selectOption('flow');
  await expect(steps.first()).toContainText('POST /v1/consents');

  // New steps arrive (clock jumps there and back): the newest stays in view.
  for (let i = 0; i < 6; i += 1) {
    await page.getByTestId('clock-1h').click();
    await page.getByTestId('clock-back1h').click();
  }
  await expect(steps.last()).toContainText('advanced -1 h');
  await expect(box).toHaveAttribute('data-following', 'true');
  await expect.poll(() => inScrollBox(box, steps.last())).toBe(true);
  // Scrolled back, the presenter keeps their place as more steps arrive; "Newest" returns.
  await box.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(box).toHaveAttribute('data-following', 'false');
  const count = await steps.count();
  await page.getByTestId('clock-1h').click();
  await page.getByTestId('clock-back1h').click();
  await expect(steps).toHaveCount(count + 2);
  expect(await inScrollBox(box, steps.last())).toBe(false);
  await diagram.getByTestId('sequence-follow').click();
  await expect.poll(() => inScrollBox(box, steps.last())).toBe(true);

  // The keyboard: the diagram takes focus, Home goes to the first step, Enter opens it.
  await box.focus();
  await page.keyboard.press('Home');
  await expect(steps.first()).toHaveAttribute('data-focused', 'true');
  await expect(diagram.getByTestId('sequence-current')).toContainText('Step 1 of');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('log-detail')).toContainText('/v1/consents');
  await page.keyboard.press('ArrowDown');
  await expect(steps.nth(1)).toHaveAttribute('data-focused', 'true');
  await expect(diagram.getByTestId('sequence-current')).toContainText('Step 2 of');

  // Full screen, and back.
  await diagram.getByTestId('sequence-full-screen').click();
  await expect(diagram).toHaveClass(/sequence-full-screen/);
  expect(await page.evaluate("document.fullscreenElement?.getAttribute('data-testid')")).toBe(
    'sequence',
  );
  await shotAtReviewSizes(page, testInfo, 'sequence-full-screen', DEMO_SIZES);
  await diagram.getByTestId('sequence-full-screen').click();
  await expect(diagram).not.toHaveClass(/sequence-full-screen/);

  // Since reset: the production bank reset, the diagram starts at its note.
  await diagram.getByTestId('sequence-since').selectOption('reset');
  await page.getByTestId('bank-production-reset').click();
  await expect(steps.first()).toHaveAttribute('data-kind', 'note');
  await expect(steps).toHaveCount(1);
  await diagram.getByTestId('sequence-since').selectOption('flow');

  await diagram.scrollIntoViewIfNeeded();
  await shotAtReviewSizes(page, testInfo, 'sequence-presentation', DEMO_SIZES);

  // PNG: a real PNG file, drawn through a data: image the CSP allows (no page error).
  const downloading = page.waitForEvent('download');
  await diagram.getByTestId('sequence-export-png').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sequence-.*\.png$/);
  const png = await readFile((await download.path())!);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  const svgWidth = Number(await box.locator('svg').getAttribute('width'));
  expect(png.readUInt32BE(16)).toBe(svgWidth * 2);
  expect(png.length).toBeGreaterThan(10_000);
  await expect(diagram.getByTestId('sequence-export-error')).toHaveCount(0);

  expectOnlyLoopback(requests);
});
