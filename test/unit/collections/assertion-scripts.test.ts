/**
 * Assertions as Postman test scripts (main/core/collections/assertion-scripts.ts): exported as
 * `pm.test` lines Postman and newman run, read back from exactly those lines, and any other test
 * script kept as inert text.
 */
import { describe, expect, it } from 'vitest';
import {
  assertionsFromScripts,
  assertionsOfScript,
  postmanTestLine,
} from '../../../main/core/collections/assertion-scripts';
import { parsedAssertion } from '../../../main/core/collections/assertions';
import { exportPostman, importPostman } from '../../../main/core/collections/formats';
import type { Collection } from '../../../main/core/collections/model';
import { fixedContext } from './fixtures';

const words = [
  'status 201',
  'status 2xx',
  '$.consentStatus == "received"',
  '$.consentId exists',
  '$.a["b c"][0] == 1',
];
const assertions = words.map(parsedAssertion);

describe('assertions as Postman test scripts', () => {
  it('writes one pm.test line per assertion, in Postman terms', () => {
    expect(assertions.map(postmanTestLine)).toEqual([
      'pm.test("status 201", function () { pm.response.to.have.status(201); });',
      'pm.test("status 2xx", function () { pm.expect(Math.floor(pm.response.code / 100)).to.eql(2); });',
      'pm.test("$.consentStatus == \\"received\\"", function () { pm.expect(pm.response.json().consentStatus).to.eql("received"); });',
      'pm.test("$.consentId exists", function () { pm.expect(pm.response.json().consentId).to.not.eql(undefined); });',
      'pm.test("$.a[\\"b c\\"][0] == 1", function () { pm.expect(pm.response.json().a["b c"][0]).to.eql(1); });',
    ]);
  });

  it('reads back its own lines and nothing else', () => {
    expect(assertionsOfScript(assertions.map(postmanTestLine).join('\n'))).toEqual(assertions);
    // A hand-written test whose name looks like an assertion but whose body differs stays a script.
    const altered = 'pm.test("status 201", function () { pm.response.to.have.status(200); });';
    expect(assertionsOfScript(altered)).toBeUndefined();
    expect(
      assertionsOfScript(`${postmanTestLine(assertions[0]!)}\nconsole.log(1);`),
    ).toBeUndefined();
    const other = { phase: 'tests' as const, text: 'pm.test("x", () => {});' };
    expect(assertionsFromScripts([other])).toEqual({ scripts: [other] });
  });

  it('goes out to Postman and comes back as the same assertions, beside a kept script', () => {
    const kept = { phase: 'pre-request' as const, text: 'console.log("kept");' };
    const collection: Collection = {
      name: 'Runs',
      variables: [],
      items: [
        {
          kind: 'request',
          id: 'r1',
          name: 'Create',
          request: { method: 'POST', path: '/v1/consents', body: '{}' },
          scripts: [kept],
          assertions,
          savedAt: '2026-11-29T06:00:00.000Z',
        },
      ],
    };
    const text = JSON.stringify(exportPostman(collection));
    const back = importPostman(text, fixedContext()).collection.items[0]!;
    expect(back.kind === 'request' && back.assertions).toEqual(assertions);
    expect(back.scripts).toEqual([kept]);
  });
});
