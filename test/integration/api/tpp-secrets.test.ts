/**
 * A secret variable sent and shown (docs/variables.md, "Secret values"): the request carries the
 * value, so the bank receives it, but History, its curl, the HAR export and the preview show
 * `{{name}}` wherever the value was (URL, headers, body).
 */
import { describe, expect, it } from 'vitest';
import type { BankExchangeView, ExchangeView } from '../../../main/api/contract';
import { fixtureText } from '../../unit/collections/fixtures';
import { ok, tppReady, useServices } from './services-harness';

useServices();

const SECRET = 'open-sesame';

describe('a secret variable in a sent request', () => {
  it('reaches the bank, and History, curl and HAR show it as {{psuPassword}}', async () => {
    await tppReady();
    await ok('workspace.importEnvironment', {
      targetId: 'embedded-sandbox',
      format: 'postman',
      text: fixtureText('postman/customer-b.postman_environment.json'),
    });
    await ok('bank.start', { mode: 'sandbox' });
    // The composer sends `{{psuPassword}}` resolved: the value itself.
    const request = {
      method: 'POST',
      path: `/v1/consents?note=${SECRET}`,
      headers: { 'PSU-ID': SECRET, 'Content-Type': 'application/json' },
      body: JSON.stringify({ note: SECRET }),
    };
    const preview = await ok<ExchangeView>('tpp.preview', {
      targetId: 'embedded-sandbox',
      request,
    });
    expect(JSON.stringify(preview)).not.toContain(SECRET);
    const sent = await ok<ExchangeView>('tpp.send', { targetId: 'embedded-sandbox', request });

    const [received] = await ok<BankExchangeView[]>('bank.requestLog', { mode: 'sandbox' });
    expect(received!.request.headers['psu-id']).toBe(SECRET);

    expect(sent.request.headers['PSU-ID']).toBe('{{psuPassword}}');
    expect(sent.request.url).toContain('note={{psuPassword}}');
    expect(sent.request.body).toBe('{"note":"{{psuPassword}}"}');
    expect(sent.curl).toContain("--header 'PSU-ID: {{psuPassword}}'");
    for (const shown of [
      JSON.stringify(sent),
      JSON.stringify(await ok<ExchangeView[]>('tpp.history', {})),
      (await ok<{ text: string }>('tpp.exportHar', {})).text,
    ]) {
      expect(shown).not.toContain(SECRET);
      expect(shown).toContain('{{psuPassword}}');
    }
    // The history's search reads what it shows: the value finds nothing, the name finds it.
    expect(await ok<ExchangeView[]>('tpp.history', { text: SECRET })).toEqual([]);
    expect(await ok<ExchangeView[]>('tpp.history', { text: '{{psuPassword}}' })).toHaveLength(1);
  });
});
