/**
 * The sandbox and production are two banks: the live sequence diagram says which it shows, names
 * the bank's lane after it, and "since the bank's last reset" of the sandbox counts only the
 * sandbox's flows, never production's.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { shotAtReviewSizes, DEMO_SIZES } from './steps';

async function runningBank(page: Page, mode: 'sandbox' | 'production'): Promise<string> {
  const state = page.getByTestId(`bank-${mode}-state`);
  await expect(state).toHaveText(/running|stopped/);
  if ((await state.innerText()) === 'stopped') await page.getByTestId(`bank-${mode}-start`).click();
  await expect(state).toHaveText('running');
  return (await page.getByTestId(`bank-${mode}-url`).innerText()).replace(/\/+$/, '');
}

/** A TPP's request (it carries X-Request-ID) straight to a bank: whatever it answers, it is logged. */
async function call(bankUrl: string, path: string): Promise<void> {
  await fetch(`${bankUrl}${path}`, { headers: { 'X-Request-ID': randomUUID() } });
}

test("the diagram shows one bank at a time when asked; the sandbox's reset counts only its flows", async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(webHost.url);
  await page.getByTestId('nav-bank').click();
  const sandbox = await runningBank(page, 'sandbox');
  const production = await runningBank(page, 'production');
  const diagram = page.getByTestId('sequence');
  const requestSteps = diagram.locator('[data-testid="sequence-step"][data-kind="request"]');

  // After the sandbox's reset, one request to each bank.
  await page.getByTestId('bank-sandbox-reset').click();
  await call(production, '/v1/card-accounts');
  await call(sandbox, '/v1/accounts');

  // Both banks on one lane that says so, by default.
  await expect(diagram.getByTestId('sequence-bank')).toHaveValue('both');
  await expect(diagram.locator('.sequence-lanes')).toContainText('Bank (sandbox + production)');
  await expect(requestSteps.filter({ hasText: 'GET /v1/card-accounts' }).first()).toBeAttached();

  // The sandbox alone, since its last reset: its reset and its request, not production's.
  await diagram.getByTestId('sequence-bank').selectOption('sandbox');
  await diagram.getByTestId('sequence-since').selectOption('reset');
  await expect(diagram.getByTestId('sequence-since').locator('option:checked')).toHaveText(
    "Since the sandbox bank's last reset",
  );
  await expect(diagram.locator('.sequence-lanes')).toContainText('Bank (sandbox)');
  await expect(diagram.getByTestId('sequence-step').first()).toHaveAttribute('data-kind', 'note');
  await expect(requestSteps).toHaveCount(1);
  await expect(requestSteps).toContainText('GET /v1/accounts');
  await shotAtReviewSizes(page, testInfo, 'sequence-sandbox-since-reset', DEMO_SIZES);

  // Production alone: its request is there, the sandbox's is not.
  await diagram.getByTestId('sequence-since').selectOption('recent');
  await diagram.getByTestId('sequence-bank').selectOption('production');
  await expect(diagram.locator('.sequence-lanes')).toContainText('Bank (production)');
  await expect(requestSteps.last()).toContainText('GET /v1/card-accounts');
  await expect(requestSteps.filter({ hasText: /GET \/v1\/accounts(GET|$)/ })).toHaveCount(0);

  await diagram.getByTestId('sequence-bank').selectOption('both');
  expectOnlyLoopback(requests);
});
