/**
 * The live sequence diagram: a consent flow drawn between the TPP, the bank and
 * the PSU's browser (request, SCA pages, the redirect back to the TPP with its §6.1 parameters),
 * clickable into the exchange, exported as an SVG file for slides.
 */
import { readFile } from 'node:fs/promises';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { consentWithScaDone, shotAtReviewSizes } from './steps';

test('a consent flow shown in the sequence diagram and exported as SVG', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(webHost.url);
  await consentWithScaDone(page);

  await page.getByTestId('nav-bank').click();
  const diagram = page.getByTestId('sequence');
  const steps = diagram.getByTestId('sequence-step');
  // Journeys before this one in the worker's web host may have moved the clock too: count ours.
  const jumps = steps.filter({ hasText: 'Bank clock advanced +1 h' });
  const backJumps = steps.filter({ hasText: 'Bank clock advanced -1 h' });
  const backRows = page
    .getByTestId('bank-log')
    .getByTestId('log-event')
    .filter({ hasText: 'advanced -1 h' });
  await expect(steps.first()).toBeVisible();
  const [jumpsBefore, backJumpsBefore, backRowsBefore] = [
    await jumps.count(),
    await backJumps.count(),
    await backRows.count(),
  ];
  await page.getByTestId('clock-1h').click();
  const consentRequest = steps.filter({ hasText: 'POST /v1/consents' }).first();
  await expect(consentRequest).toHaveAttribute('data-from', 'tpp');
  await expect(consentRequest).toHaveAttribute('data-to', 'bank');
  // The SCA pages are named as the Runner's evidence names them, the PSU's choice as a note.
  const login = steps.filter({ hasText: /SCA page: login$/ }).last();
  await expect(login).toHaveAttribute('data-from', 'psu');
  await expect(login).toHaveAttribute('data-to', 'bank');
  await expect(steps.filter({ hasText: /SCA page: consent$/ }).last()).toHaveAttribute(
    'data-from',
    'psu',
  );
  const choice = steps.filter({ hasText: /PSU confirmed the consent: \d+ accounts? ticked$/ });
  await expect(choice.last()).toHaveAttribute('data-kind', 'note');
  await expect(choice.last()).toHaveAttribute('data-from', 'psu');
  await expect(steps.locator('text').filter({ hasText: /^POST \/sca\// })).toHaveCount(0);
  const redirect = steps.locator('xpath=self::*[@data-kind="redirect"]').first();
  await expect(redirect).toContainText('SCA done: redirect (psu-id');
  await expect(redirect).toHaveAttribute('data-to', 'tpp');
  // The jump is the bank's own event: a note on the bank's lane.
  await expect(jumps).toHaveCount(jumpsBefore + 1);
  await expect(jumps.last()).toHaveAttribute('data-from', 'bank');
  await expect(jumps.last()).toHaveAttribute('data-to', 'bank');

  // A click on the arrow opens that exchange.
  await consentRequest.click();
  await expect(page.getByTestId('log-detail')).toContainText('/v1/consents');

  await diagram.scrollIntoViewIfNeeded();
  await shotAtReviewSizes(page, testInfo, 'sequence-diagram');

  const downloading = page.waitForEvent('download');
  await page.getByTestId('sequence-export-svg').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sequence-.*\.svg$/);
  const svg = await readFile((await download.path())!, 'utf8');
  expect(svg).toContain('<svg');
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  for (const lane of ['TPP (workbench)', '>Bank (sandbox + production)<', 'PSU browser'])
    expect(svg).toContain(lane);
  expect(svg).toContain('POST /v1/consents');
  expect(svg).toContain('SCA done: redirect');
  expect(svg).toContain('SCA page: login');
  expect(svg).toContain('PSU confirmed the consent');

  // A clock jump made elsewhere (another window on the same workbench) shows here too: the
  // diagram reads the bank's events, not this page's clicks. It also puts the shared web host's
  // clock back to real time for the journeys after this one.
  const other = await page.context().newPage();
  await other.goto(webHost.url);
  await other.getByTestId('nav-bank').click();
  await other.getByTestId('clock-back1h').click();
  await expect(backJumps).toHaveCount(backJumpsBefore + 1);
  await other.close();
  await expect(backRows).toHaveCount(backRowsBefore + 1);
  await backJumps.last().scrollIntoViewIfNeeded();
  await shotAtReviewSizes(page, testInfo, 'sequence-diagram-clock-elsewhere');

  expectOnlyLoopback(requests);
});
