/**
 * The status bar: one line at 1024 px and wider with the SCA next to the
 * target, the bank clock's distance from real time in days, hours and minutes, and "Now".
 */
import type { Page } from '@playwright/test';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { openWithConsentDone, DEMO_SIZES, shotAtReviewSizes } from './steps';

/** Every part of the bar on one line, none cut off, inside the window. */
async function expectOneLine(page: Page) {
  const bar = page.getByTestId('status-bar');
  const parts = await bar.evaluate((element) =>
    [...element.children].map((child) => {
      const box = child.getBoundingClientRect();
      return { top: box.top, left: box.left, right: box.right };
    }),
  );
  // Nothing drawn over its neighbour, in the bar and inside the PSU part.
  const psuParts = await page.getByTestId('status-psu').evaluate((element) =>
    [...element.children].map((child) => {
      const box = child.getBoundingClientRect();
      return { left: box.left, right: box.right };
    }),
  );
  for (const row of [parts, psuParts])
    for (let i = 1; i < row.length; i += 1)
      expect(row[i]!.left, `part ${i} starts after part ${i - 1} ends`).toBeGreaterThanOrEqual(
        row[i - 1]!.right - 1,
      );
  const { height } = (await bar.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(height, `status bar height at ${width} px`).toBeLessThan(40);
  const top = Math.min(...parts.map((p) => p.top));
  for (const part of parts) expect(part.top - top).toBeLessThan(6);
  expect(Math.max(...parts.map((p) => p.right))).toBeLessThanOrEqual(width);
  for (const id of ['status-target', 'status-sca', 'status-clock'])
    await expect(page.getByTestId(id)).toBeInViewport({ ratio: 1 });
}

test('the status bar fits one line and brings the bank clock back to now', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  test.setTimeout(120_000);
  // The web host serves every journey of this worker: start from real time whatever came before.
  await page.goto(webHost.url);
  // Once the bar has read the bank clock, it offers "Now" when the clock is off real time.
  await expect(page.getByTestId('status-clock')).toContainText(/\d{2}:\d{2}:\d{2}/);
  const now = page.getByTestId('status-clock-now');
  if ((await now.count()) > 0) await now.click();
  await expect(now).toHaveCount(0);
  await openWithConsentDone(page, webHost.url);
  await expect(page.getByTestId('status-sca')).toContainText('left');
  await expect(page.getByTestId('status-clock-now')).toHaveCount(0);

  // 91 days on: the offset in days, the SCA long expired, the bar still one line.
  await page.getByTestId('nav-bank').click();
  await page.getByTestId('clock-91days').click();
  await expect(page.getByTestId('status-clock-offset')).toHaveText(/^\+91 d 0 h 0\d min$/);
  await expect(page.getByTestId('bank-clock-offset')).toContainText('+91 d 0 h');
  await expect(page.getByTestId('status-sca')).toContainText(/expired 9[01] d 2[23] h/);
  for (const size of [...DEMO_SIZES, { width: 1440, height: 900 }]) {
    await page.setViewportSize(size);
    await expectOneLine(page);
  }
  // Nothing in a view is drawn over the bar: the diagram's sticky lane names pass under it.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByTestId('sequence-scroll').evaluate((box) => {
    const view = box.ownerDocument.defaultView!;
    view.scrollBy(0, box.getBoundingClientRect().top - (view.innerHeight - 20));
  });
  for (const id of ['status-target', 'status-sca', 'status-clock']) {
    const onTop = await page.getByTestId(id).evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = element.ownerDocument.elementFromPoint(box.left + 4, box.top + box.height / 2);
      return hit !== null && element.closest('footer')!.contains(hit);
    });
    expect(onTop, `${id} is on top`).toBe(true);
  }
  await page.getByTestId('nav-composer').click();
  await shotAtReviewSizes(page, testInfo, 'status-bar-91-days', DEMO_SIZES);

  // Now: back to real time, from the status bar, wherever the user is.
  await page.getByTestId('status-clock-now').click();
  await expect(page.getByTestId('status-clock-offset')).toHaveCount(0);
  await expect(page.getByTestId('status-clock-now')).toHaveCount(0);
  await expect(page.getByTestId('status-sca')).toContainText('left');

  // A frozen clock moved back: Now resumes it too (the bank console's button).
  await page.getByTestId('nav-bank').click();
  await page.getByRole('button', { name: 'Freeze' }).click();
  await page.getByTestId('clock-back1h').click();
  await expect(page.getByTestId('status-clock')).toContainText('frozen');
  await page.getByTestId('clock-now').click();
  await expect(page.getByTestId('status-clock')).not.toContainText('frozen');
  await expect(page.getByTestId('status-clock-offset')).toHaveCount(0);
  await expect(page.getByTestId('clock-now')).toBeDisabled();
  expectOnlyLoopback(requests);
});
