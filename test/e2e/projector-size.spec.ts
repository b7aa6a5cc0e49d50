/**
 * At 1024×768, the most common projector: the composer's answer and the SCA box show beside the
 * form without scrolling, the live diagram shows every lane (the PSU's browser last), and the bank
 * state keeps a resource id on one line and its row's actions in the table.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, expectOnlyLoopback } from './fixtures';
import {
  completeConsentScaInPopup,
  ensureSandboxBankRunning,
  listSandboxCustomersInComposer,
  sendNewConsent,
  shot,
  signSandboxWithNewQsealc,
} from './steps';

/** How many lines an element's text takes as laid out. */
const linesOf = (element: Locator) =>
  element.evaluate((el) => {
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(el);
    return new Set(
      Array.from(range.getClientRects(), (rect: { top: number }) => Math.round(rect.top)),
    ).size;
  });

/** How far the page is scrolled down. */
const scrolled = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);

/** `inner` lies within `outer` from left to right. */
async function expectWithinWidth(inner: Locator, outer: Locator, what: string) {
  const a = (await inner.boundingBox())!;
  const b = (await outer.boundingBox())!;
  expect(a.x, what).toBeGreaterThanOrEqual(b.x - 0.5);
  expect(a.x + a.width, what).toBeLessThanOrEqual(b.x + b.width + 0.5);
}

test('at 1024×768 the answer, the SCA box and every lane show without scrolling; ids stay on one line', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(webHost.url);
  await signSandboxWithNewQsealc(page);
  await ensureSandboxBankRunning(page);
  const customers = await listSandboxCustomersInComposer(page);
  const psu = customers.find((customer) => customer.type === 'PRIVATE')!;

  // The composer from the top: send a consent; its answer and "Open SCA" are in view.
  await page.getByTestId('request-tab-new').click();
  await page.evaluate(() =>
    (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
  );
  const consentId = await sendNewConsent(page);
  await expect(page.getByTestId('response-status')).toBeInViewport();
  await expect(page.getByTestId('open-sca')).toBeInViewport();
  expect(await scrolled(page)).toBe(0);
  // The PSU completes the SCA in the bank's window; its box shows where the presenter looks.
  await completeConsentScaInPopup(page, psu.nationalIdentityNumber);
  await expect(page.getByTestId('sca-panel')).toBeInViewport();
  await expect(page.getByTestId('sca-success')).toBeInViewport();
  expect(await scrolled(page)).toBe(0);
  await shot(page, testInfo, 'composer-1024x768');

  // The live diagram: the whole of it, every lane's name inside its box.
  await page.getByTestId('nav-bank').click();
  const diagram = page.getByTestId('sequence-scroll');
  await diagram.scrollIntoViewIfNeeded();
  await expectWithinWidth(diagram.locator('svg'), diagram, 'the diagram');
  const lanes = diagram.locator('.sequence-lanes span');
  await expect(lanes).toHaveCount(3);
  for (const lane of await lanes.all())
    await expectWithinWidth(lane, diagram, await lane.innerText());
  await expect(lanes.last()).toHaveText('PSU browser');
  await shot(page, testInfo, 'bank-diagram-1024x768');

  // The bank state: the consent's id on one line, its Revoke inside the table.
  await page.getByTestId('state-table-picker').selectOption('consents');
  const table = page.getByTestId('state-consents');
  const row = table.locator(`[data-row-id="${consentId}"]`);
  await row.scrollIntoViewIfNeeded();
  const idCell = row.locator('[data-col="consentId"]');
  await expect(idCell).toHaveAttribute('title', consentId);
  expect(await linesOf(idCell)).toBe(1);
  await expect(row.getByTestId('row-action-Revoke')).toBeInViewport();
  await expectWithinWidth(row.getByTestId('row-action-Revoke'), table, 'Revoke');
  await shot(page, testInfo, 'bank-state-1024x768');
  expectOnlyLoopback(requests);
});
