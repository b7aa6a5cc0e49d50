/**
 * The sequence diagram full screen on a 1024×768 projector after a consent → SCA → account read
 * flow: the newest step is in view on entering and as steps arrive, "Newest ↓" returns after the
 * presenter scrolled back, the lane names leave the first arrow readable, Enter on a step keeps
 * full screen, and an exported image carries no keyboard focus ring.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { consentWithScaDone, DEMO_SIZES, shotAtReviewSizes } from './steps';

/** The step is inside the diagram's scroll box, below its sticky lane names. */
/** Where the diagram draws its lanes, in its own units (main/shared/sequence/svg.ts). */
const LANE_UNITS = [110, 380, 650];
const DRAWN_WIDTH = 760;

/** Each lane's name stands over its lane, however wide the diagram is drawn. */
async function expectLaneNamesOverLanes(box: Locator): Promise<void> {
  const svg = (await box.locator('svg').boundingBox())!;
  const names = box.locator('.sequence-lanes span');
  await expect(names).toHaveCount(LANE_UNITS.length);
  for (const [index, units] of LANE_UNITS.entries()) {
    const name = (await names.nth(index).boundingBox())!;
    const lane = svg.x + (svg.width * units) / DRAWN_WIDTH;
    expect(Math.abs(name.x + name.width / 2 - lane), `lane ${index}`).toBeLessThan(4);
  }
}

async function inScrollBox(box: Locator, step: Locator): Promise<boolean> {
  const [outer, inner] = [await box.boundingBox(), await step.boundingBox()];
  if (!outer || !inner) return false;
  return inner.y >= outer.y - 1 && inner.y + inner.height <= outer.y + outer.height + 1;
}

async function downloaded(page: Page, button: Locator): Promise<Buffer> {
  const downloading = page.waitForEvent('download');
  await button.click();
  return readFile((await (await downloading).path())!);
}

test('full screen follows the newest step, keeps full screen on Enter, exports no focus ring', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(webHost.url);
  await consentWithScaDone(page);
  await page.getByTestId('endpoint-picker').selectOption('getAccountList');
  await page.getByTestId('send').click();
  await expect(page.getByTestId('response-status')).toHaveText('200');

  await page.getByTestId('nav-bank').click();
  const diagram = page.getByTestId('sequence');
  const box = diagram.getByTestId('sequence-scroll');
  const steps = diagram.getByTestId('sequence-step');
  await expect(steps.last()).toContainText('200 getAccountList');
  await expect(box).toHaveAttribute('data-following', 'true');

  // Full screen on a full-HD screen: the diagram stretches to the screen's width, and the
  // newest step is still in view; so it is when the screen changes to the projector's.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await diagram.getByTestId('sequence-full-screen').click();
  await expect(diagram).toHaveClass(/sequence-full-screen/);
  await expect.poll(() => inScrollBox(box, steps.last())).toBe(true);
  await expectLaneNamesOverLanes(box);
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect.poll(() => inScrollBox(box, steps.last())).toBe(true);
  await expectLaneNamesOverLanes(box);
  const scrolls = await box.evaluate((element) => element.scrollHeight > element.clientHeight);
  expect(scrolls, 'the diagram is taller than the screen').toBe(true);

  // Steps made elsewhere (another window) arrive: the newest stays in view.
  const other = await page.context().newPage();
  await other.goto(webHost.url);
  await other.getByTestId('nav-bank').click();
  const count = await steps.count();
  await other.getByTestId('clock-1h').click();
  await other.getByTestId('clock-back1h').click();
  await expect(steps).toHaveCount(count + 2);
  await expect.poll(() => inScrollBox(box, steps.last())).toBe(true);
  await expect(diagram.getByTestId('sequence-follow')).toHaveCount(0);

  // The lane names' band covers what scrolls under it: no arrow's label shows among the names.
  const band = box.locator('.sequence-lanes');
  const bandBox = (await band.boundingBox())!;
  expect(bandBox.height).toBeGreaterThanOrEqual(30);
  const underBand = await band.evaluate((element) => {
    const names = [...element.querySelectorAll('span')].map((s) => s.getBoundingClientRect());
    const rect = element.getBoundingClientRect();
    const y = rect.top + rect.height / 2;
    // Between the bank's and the PSU browser's names, where an answer's label would show.
    const x = (names[1]!.right + names[2]!.left) / 2;
    return element.contains(element.ownerDocument.elementFromPoint(x, y));
  });
  expect(underBand, 'the lane names band is on top of the arrows').toBe(true);

  // Scrolled back to the top, "Newest ↓" brings the newest step back.
  await box.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(box).toHaveAttribute('data-following', 'false');
  const lanes = (await band.boundingBox())!;
  const firstLabel = (await steps.first().locator('text').boundingBox())!;
  expect(firstLabel.y).toBeGreaterThanOrEqual(lanes.y + lanes.height);
  await diagram.getByTestId('sequence-follow').click();
  await expect.poll(() => inScrollBox(box, steps.last())).toBe(true);

  // Enter on a step opens its exchange and stays full screen.
  await box.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  // The first step shown: the worker's web host may hold earlier files' exchanges before this flow.
  await expect(diagram.getByTestId('sequence-opened')).toHaveText(
    /^Open: (GET|POST|PUT|DELETE|PATCH) \S+ → \d{3}\b/,
  );
  expect(await page.evaluate("document.fullscreenElement?.getAttribute('data-testid')")).toBe(
    'sequence',
  );
  await expect(diagram).toHaveClass(/sequence-full-screen/);

  // The exported picture is the flow, not the keyboard's place in it: moving the focus does not
  // change the PNG, and the SVG has no focus ring.
  const png = diagram.getByTestId('sequence-export-png');
  const first = await downloaded(page, png);
  await box.focus();
  await page.keyboard.press('ArrowDown');
  await expect(steps.nth(1)).toHaveAttribute('data-focused', 'true');
  const second = await downloaded(page, png);
  expect(first.equals(second), 'the PNG changed with the keyboard focus').toBe(true);
  const svg = (await downloaded(page, diagram.getByTestId('sequence-export-svg'))).toString();
  expect(svg).not.toContain('data-focus');

  // Home took the presenter back to the top: "Newest ↓" follows again, for the pictures.
  await other.close();
  await diagram.getByTestId('sequence-follow').click();
  await expect.poll(() => inScrollBox(box, steps.last())).toBe(true);
  await shotAtReviewSizes(page, testInfo, 'sequence-full-screen-flow', DEMO_SIZES);
  expect(await page.evaluate("document.fullscreenElement?.getAttribute('data-testid')")).toBe(
    'sequence',
  );
  expectOnlyLoopback(requests);
});
