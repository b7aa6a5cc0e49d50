import { test, expect, expectOnlyLoopback } from './fixtures';

test('opens the app, edits JSON in Monaco, and a call and an event travel both ways', async ({
  page,
  webHost,
  requests,
}) => {
  await page.goto(webHost.url);

  // Monaco is bundled and its JSON worker runs: typing invalid JSON is reported, valid JSON clears it.
  const editor = page.getByTestId('body-editor').locator('.monaco-editor');
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  // Monaco closes brackets and quotes as we type, so this leaves `{"instructedAmount": }`.
  await page.keyboard.type('{"instructedAmount": ');
  await expect(page.getByTestId('body-status')).toContainText('Not valid JSON');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type('{"creditorName": "Ola Nordmann"'); // the closing brace is Monaco's
  await expect(page.getByTestId('body-status')).toHaveText('Valid JSON');
  await expect(editor).toContainText('{"creditorName": "Ola Nordmann"}');

  // A contract call round trip (app.info) and an event back (diagnostics.pong).
  await page.getByTestId('nav-about').click();
  await expect(page.getByTestId('app-name')).toHaveText('PSD2 Workbench');
  await expect(page.getByTestId('app-host')).toHaveText('web');
  await page.getByTestId('ping').click();
  await expect(page.getByTestId('round-trip')).toContainText(/event #\d+ received/);

  // The token left the address bar once used.
  expect(page.url()).not.toContain('token=');
  expectOnlyLoopback(requests);
});

test('a page opened without the launch token gets no API', async ({ page, webHost, requests }) => {
  await page.goto(webHost.origin + '/');
  await expect(page.getByTestId('no-token')).toBeVisible();
  expectOnlyLoopback(requests);
});
