/** The files of a Bruno collection folder the UI and the CLI send (main/shared/bruno-files.ts). */
import { describe, expect, it } from 'vitest';
import { isBrunoCollectionFile } from '../../../main/shared/bruno-files';

describe('a Bruno collection folder', () => {
  it('is its bruno.json and .bru files, below the chosen folder or not', () => {
    for (const path of [
      'bruno.json',
      'my-api/bruno.json',
      'my-api/collection.bru',
      'my-api/Consents/Create consent.bru',
      'my-api/environments/Local.bru',
    ])
      expect(isBrunoCollectionFile(path), path).toBe(true);
  });

  it('leaves out other files and whatever is under node_modules or a hidden folder', () => {
    for (const path of [
      'my-api/package.json',
      'my-api/README.md',
      'my-api/node_modules/x/y.bru',
      'my-api/.git/config.bru',
      'node_modules/bruno.json',
    ])
      expect(isBrunoCollectionFile(path), path).toBe(false);
  });
});
