/**
 * Assertions as a Bruno `assert` block (main/core/collections/bruno-assertions.ts): written as
 * entries `bru run` judges, read back from exactly those entries, any other block left out with
 * the note it had before.
 */
import { describe, expect, it } from 'vitest';
import {
  assertionsOfBruno,
  brunoAssertions,
} from '../../../main/core/collections/bruno-assertions';
import { parsedAssertion } from '../../../main/core/collections/assertions';
import { exportBruno, importBruno } from '../../../main/core/collections/formats';
import type { Collection } from '../../../main/core/collections/model';
import { fixedContext } from './fixtures';

const assertions = [
  'status 201',
  'status 2xx',
  '$.consentStatus == "received"',
  '$.consentId exists',
  '$.a["b c"][0] == 1',
].map(parsedAssertion);

describe('assertions as a Bruno assert block', () => {
  it('writes entries in Bruno terms', () => {
    expect(brunoAssertions(assertions).map((a) => `${a.name}: ${a.value}`)).toEqual([
      'res.status: eq 201',
      'res.status: gte 200',
      'res.status: lte 299',
      'res.body.consentStatus: eq "received"',
      'res.body.consentId: isDefined',
      'res.body.a["b c"][0]: eq 1',
    ]);
  });

  it('reads back its own entries and nothing else', () => {
    expect(assertionsOfBruno(brunoAssertions(assertions))).toEqual(assertions);
    const entry = (name: string, value: string, enabled = true) => ({ name, value, enabled });
    expect(assertionsOfBruno([entry('res.status', 'gte 200')])).toBeUndefined();
    expect(assertionsOfBruno([entry('res.status', 'neq 500')])).toBeUndefined();
    expect(assertionsOfBruno([entry('res.status', 'eq 201', false)])).toBeUndefined();
    expect(assertionsOfBruno([entry('res.body.a', 'isNotEmpty')])).toBeUndefined();
  });

  it('goes out in a Bruno folder and comes back as the same assertions', () => {
    const collection: Collection = {
      name: 'Runs',
      variables: [],
      items: [
        {
          kind: 'request',
          id: 'r1',
          name: 'Create',
          request: { method: 'POST', path: '/v1/consents', body: '{}' },
          assertions,
          savedAt: '2026-11-29T06:00:00.000Z',
        },
      ],
    };
    const files = exportBruno(collection);
    expect(files.find((f) => f.path.endsWith('Create.bru'))!.text).toContain(
      'assert {\n  res.status: eq 201',
    );
    const { collection: back, notes } = importBruno(files, fixedContext());
    const item = back.items[0]!;
    expect(item.kind === 'request' && item.assertions).toEqual(assertions);
    expect(notes.join('\n')).not.toContain('Left out the assertions');
  });
});
