/**
 * Which library a collection import loads (main/api/services/collections/collection-formats.ts):
 * a Postman v2.1 file of the shapes Postman writes is read without the optional format libraries
 * (neither Postman's SDK nor Bruno's grammar loads, and an install without them imports it); a
 * file of another shape still goes through the SDK, refused naming the install when it is
 * missing. The libraries are made missing here by replacing their loader.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CallRefused } from '../../../../../main/api/dispatch';
import { importedCollection } from '../../../../../main/api/services/collections/collection-formats';
import { bigPostmanFile } from '../../../../support/big-postman-collection';

const missing = vi.hoisted(() => vi.fn());
vi.mock('../../../../../main/api/services/collections/format-libraries', () => ({
  collectionFormats: missing,
}));

beforeEach(() => {
  missing.mockReset();
  missing.mockRejectedValue(new CallRefused('Postman and Bruno files need the optional package.'));
});

const ctx = () => {
  let n = 0;
  return { newId: () => `id-${(n += 1)}`, now: '2026-11-29T12:00:00.000Z' };
};

describe('a Postman import', () => {
  it('reads a file of the shapes Postman writes without loading the format libraries', async () => {
    const text = bigPostmanFile({ requests: 40, folders: 4 });
    const { collection } = await importedCollection({ format: 'postman', text }, ctx());
    expect(collection.name).toBe('Team collection (40 requests)');
    expect(JSON.stringify(collection.items)).toContain('trace-39');
    expect(missing).not.toHaveBeenCalled();
  });

  it('reads a file of another shape through the SDK, refused when it is missing', async () => {
    const text = JSON.stringify({
      info: { name: 'v2.0', schema: 'https://schema.getpostman.com/json/collection/v2.0.0/' },
      item: [{ name: 'r', request: { method: 'GET', url: '{{baseUrl}}/v1/accounts' } }],
    });
    await expect(importedCollection({ format: 'postman', text }, ctx())).rejects.toThrow(
      /optional package/,
    );
    expect(missing).toHaveBeenCalledOnce();
  });

  it('refuses a file that is no Postman collection before any library is loaded', async () => {
    await expect(
      importedCollection({ format: 'postman', text: '{"info":{}}' }, ctx()),
    ).rejects.toThrow(/no info\.schema/);
    expect(missing).not.toHaveBeenCalled();
  });
});
