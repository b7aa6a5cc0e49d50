/**
 * Collections in and out (issue 32 item 3), through the page: a Postman v2.1 file as Postman
 * writes it imports; its export validates against Postman's published v2.1 JSON Schema and
 * imports back unchanged; a Bruno collection folder and the bank's own /openapi.json import, and
 * a request of each is sent from the composer, signed by the workbench (stale signing headers of
 * the file dropped), and answered 2xx by the embedded bank; an imported request's scripts show
 * read-only in a collapsed section of the composer.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { axeViolations } from './a11y';
import { test, expect, expectOnlyLoopback } from './fixtures';
import { composerOnSignedSandbox, shot } from './steps';

const FIXTURES = join(import.meta.dirname, '../fixtures/collections');

/** The name the last import gave its collection (a name taken by an earlier run gets " (2)"). */
async function importedName(page: Page): Promise<string> {
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('Imported');
  return (await report.locator('strong').innerText()).trim();
}

function collection(page: Page, name: string) {
  return page.locator(`[data-testid="collection"][data-collection-name="${name}"]`);
}

/** Exports a collection as Postman v2.1 through the page and reads the downloaded file. */
async function exportPostman(page: Page, name: string): Promise<Record<string, unknown>> {
  const download = page.waitForEvent('download');
  await collection(page, name).getByTestId('export-postman').first().click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.postman_collection\.json$/);
  return JSON.parse(await readFile(await file.path(), 'utf8')) as Record<string, unknown>;
}

/** A Postman export without what differs between two imports: ids and the collection's name. */
function withoutIds(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(withoutIds);
  if (typeof json !== 'object' || json === null) return json;
  return Object.fromEntries(
    Object.entries(json)
      .filter(([key]) => key !== 'id' && key !== '_postman_id' && key !== 'name')
      .map(([key, value]) => [key, withoutIds(value)]),
  );
}

/** Opens a saved request of a collection in the composer and sends it. */
async function sendSaved(page: Page, collectionName: string, requestName: string) {
  await collection(page, collectionName)
    .locator(`[data-testid="saved-request"][data-request-name="${requestName}"]`)
    .getByRole('button')
    .first()
    .click();
  await expect(page.getByTestId('composer-notice')).toContainText(`Opened “${requestName}”`);
  await page.getByTestId('send').click();
}

test('a Postman v2.1 export validates against its schema and imports back unchanged', async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  await page.goto(webHost.url);
  await page.getByTestId('nav-composer').click();
  await page
    .getByTestId('import-postman')
    .setInputFiles(join(FIXTURES, 'postman/psd2-sandbox.postman_collection.json'));
  const first = await importedName(page);
  expect(first).toMatch(/^PSD2 sandbox \(from Postman\)/);
  // What the file had and the workbench makes itself is named.
  await expect(page.getByTestId('import-report')).toContainText('Dropped Signature from 1 request');
  const tree = collection(page, first);
  await expect(tree.getByTestId('collection-folder')).toHaveCount(3);
  await expect(tree.getByTestId('saved-request')).toHaveCount(4);
  await shot(page, testInfo, 'collections-postman-imported');
  // The panel with a tree of folders, its report and its actions (WCAG 2.1 AA, a11y.ts).
  expect(await axeViolations(page, testInfo, 'collections')).toEqual([]);

  const exported = await exportPostman(page, first);
  const schema = JSON.parse(
    await readFile(join(FIXTURES, 'postman/collection-v2.1.0.schema.json'), 'utf8'),
  ) as object;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  expect(validate(exported), JSON.stringify(validate.errors)).toBe(true);

  // The exported file back in: the same folders, requests and variables.
  await page.getByTestId('import-postman').setInputFiles({
    name: 'exported.postman_collection.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(exported)),
  });
  const second = await importedName(page);
  expect(second).not.toBe(first);
  expect(withoutIds(await exportPostman(page, second))).toEqual(withoutIds(exported));

  // Folders by hand: a new one, a request moved into it, renamed.
  const copy = collection(page, second);
  await copy.getByRole('button', { name: `New folder in ${second}` }).click();
  await copy.getByRole('textbox', { name: 'Folder name' }).fill('Reads');
  await copy.getByRole('button', { name: 'Add' }).click();
  const reads = copy.locator('[data-testid="collection-folder"][data-folder-name="Reads"]');
  await expect(reads).toBeVisible();
  await copy
    .locator('[data-testid="saved-request"][data-request-name="Sandbox customers"]')
    .getByTestId('move-request')
    .selectOption({ label: 'Reads' });
  await expect(reads.getByTestId('saved-request')).toHaveAttribute(
    'data-request-name',
    'Sandbox customers',
  );
  await reads.getByRole('button', { name: 'Rename Sandbox customers' }).click();
  await reads
    .getByRole('textbox', { name: 'New name for Sandbox customers' })
    .fill('PSUs of the sandbox');
  await reads.getByRole('button', { name: 'Save' }).click();
  await expect(reads.getByTestId('saved-request')).toHaveAttribute(
    'data-request-name',
    'PSUs of the sandbox',
  );

  // A file of another format is refused, and nothing saved goes.
  await page.getByTestId('import-postman').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      '{"info":{"name":"x","schema":"https://schema.getpostman.com/json/collection/v1.0.0/collection.json"},"item":[]}',
    ),
  });
  await expect(page.getByTestId('collections-error')).toContainText('v1.0.0');
  await expect(collection(page, second)).toBeVisible();
  expectOnlyLoopback(requests);
});

test("a Bruno collection and the bank's OpenAPI import, and their requests send signed", async ({
  page,
  webHost,
  requests,
}, testInfo) => {
  await composerOnSignedSandbox(page, webHost.url);

  // Bruno: the collection's folder, as the folder picker gives it.
  await page.getByTestId('import-bruno-folder').setInputFiles(join(FIXTURES, 'bruno/psd2-sandbox'));
  const bruno = await importedName(page);
  expect(bruno).toMatch(/^PSD2 sandbox \(from Bruno\)/);
  await expect(page.getByTestId('import-report')).toContainText('Dropped X-Request-ID');
  await sendSaved(page, bruno, 'List customers');
  await expect(page.getByTestId('response-status')).toHaveText('200');
  await expect(page.getByTestId('response-curl')).toContainText('Signature: keyId=');

  // The file's stale Signature and X-Request-ID are gone; the collection's {{psuIpAddress}} is used.
  await sendSaved(page, bruno, 'Create consent');
  await expect(page.getByTestId('response-status')).toHaveText('201');
  const curl = page.getByTestId('response-curl');
  await expect(curl).toContainText('TPP-Signature-Certificate: ');
  await expect(curl).toContainText('PSU-IP-Address: 192.0.2.20');
  await expect(curl).not.toContainText('c3RhbGU=');
  await expect(curl).not.toContainText('5f4b1b2a-0c1e-4a51-9c5b-2b3c4d5e6f70');
  await shot(page, testInfo, 'collections-bruno-sent');

  // The bank's own OpenAPI document: one request per operation, in folders by tag.
  await page.getByTestId('import-target-openapi').click();
  const openapi = await importedName(page);
  const tree = collection(page, openapi);
  await expect(
    tree.locator('[data-testid="collection-folder"][data-folder-name="Consents (AIS)"]'),
  ).toBeVisible();
  await sendSaved(page, openapi, 'Create a bank-offered consent');
  await expect(page.getByTestId('request-path')).toHaveValue('/v1/consents');
  await expect(page.getByTestId('response-status')).toHaveText('201');
  await expect(page.getByTestId('response-curl')).toContainText('Signature: keyId=');
  expectOnlyLoopback(requests);
});

test('pasted curl commands import, and a request sends signed to the chosen target', async ({
  page,
  webHost,
  requests,
}) => {
  await composerOnSignedSandbox(page, webHost.url);
  // As a bank's documentation gives it: another host, a stale signature, an option about output.
  await page
    .getByTestId('import-curl-text')
    .fill(
      `curl -sS 'https://bank.example/v1/sandbox/customers' \\\n  -H 'Signature: keyId="stale"' \\\n  -H 'Accept: application/json'`,
    );
  await page.getByTestId('import-curl').click();
  const name = await importedName(page);
  await expect(page.getByTestId('import-report')).toContainText(
    'went to https://bank.example: imported as paths below the target',
  );
  await expect(page.getByTestId('import-report')).toContainText('Dropped Signature');
  await expect(page.getByTestId('import-curl-text')).toHaveValue('');
  await sendSaved(page, name, 'GET /v1/sandbox/customers');
  await expect(page.getByTestId('response-status')).toHaveText('200');
  await expect(page.getByTestId('response-curl')).toContainText('Signature: keyId=');
  await expect(page.getByTestId('response-curl')).not.toContainText('keyId="stale"');

  // Text that is no curl command is refused with the reason, and stays to be corrected.
  await page.getByTestId('import-curl-text').fill('wget https://bank.example/');
  await page.getByTestId('import-curl').click();
  await expect(page.getByText('The text has no curl command.')).toBeVisible();
  await expect(page.getByTestId('import-curl-text')).toHaveValue('wget https://bank.example/');
  expectOnlyLoopback(requests);
});

test('scripts of an imported collection show read-only, collapsed, under the opened request', async ({
  page,
  webHost,
}) => {
  await composerOnSignedSandbox(page, webHost.url);
  await page
    .getByTestId('import-postman')
    .setInputFiles(join(FIXTURES, 'postman/scripts.postman_collection.json'));
  const name = await importedName(page);
  await expect(page.getByTestId('import-report')).toContainText('as text, not run');
  await collection(page, name)
    .locator('[data-testid="saved-request"][data-request-name="Create consent"]')
    .getByRole('button')
    .first()
    .click();
  const scripts = page.getByTestId('saved-scripts');
  await expect(scripts.locator('summary')).toHaveText('Scripts (not run by the workbench)');
  await expect(scripts).not.toHaveAttribute('open');
  await scripts.locator('summary').click();
  await expect(scripts.locator('figcaption')).toHaveText([
    'pre-request — the collection',
    'tests — the collection',
    'pre-request — folder Consents',
    'tests — folder Consents',
    'pre-request — this request',
    'tests — this request',
  ]);
  await expect(scripts).toContainText("const cp = require('child_process');");
});
