/**
 * The scripts shown read-only under an opened saved request
 * (renderer/src/features/composer/saved-scripts.ts): the collection's, the enclosing folders' and
 * the request's own, outermost first; none for a request nothing on its way has scripts for.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requestsOf } from '../../../../../main/core/collections/tree.js';
import { importPostman } from '../../../../../main/core/collections/postman.js';
import { scriptsOfSaved } from '../../../../../renderer/src/features/composer/saved-scripts';

describe('the scripts of an opened saved request', () => {
  it('lists the collection, folder and request scripts, outermost first', () => {
    // Read directly: the collections test helpers reach the Bruno library, no renderer module.
    const file = join(import.meta.dirname, '../../../../fixtures/collections/postman');
    let n = 0;
    const { collection } = importPostman(
      readFileSync(join(file, 'scripts.postman_collection.json'), 'utf8'),
      { newId: () => `id-${(n += 1)}`, now: '2026-11-27T12:00:00.000Z' },
    );
    const [create] = requestsOf(collection);
    const sections = scriptsOfSaved(collection, create!.id);
    expect(sections.map((s) => s.where)).toEqual([
      'the collection',
      'folder Consents',
      'this request',
    ]);
    expect(sections[2]!.scripts[0]!.text).toContain("require('child_process')");
  });

  it('lists only the levels that have scripts, and nothing for an unknown request', () => {
    const request = { method: 'GET' as const, path: '/v1/accounts' };
    const collection = {
      name: 'Plain',
      variables: [],
      items: [
        {
          kind: 'folder' as const,
          id: 'f',
          name: 'Accounts',
          scripts: [{ phase: 'tests' as const, text: 'test();' }],
          items: [{ kind: 'request' as const, id: 'r', name: 'List', request, savedAt: '' }],
        },
        { kind: 'request' as const, id: 'top', name: 'Top', request, savedAt: '' },
      ],
    };
    expect(scriptsOfSaved(collection, 'r')).toEqual([
      { where: 'folder Accounts', scripts: [{ phase: 'tests', text: 'test();' }] },
    ]);
    expect(scriptsOfSaved(collection, 'top')).toEqual([]);
    expect(scriptsOfSaved(collection, 'no-such-id')).toEqual([]);
  });
});
