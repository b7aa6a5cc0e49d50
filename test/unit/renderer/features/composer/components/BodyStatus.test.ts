/**
 * The body's badge (renderer/src/features/composer/components/BodyStatus.tsx): "Valid JSON" only
 * when the endpoint's schema has nothing to say; JSON with schema problems says so.
 */
import { describe, expect, it } from 'vitest';
import { bodyVerdict } from '../../../../../../renderer/src/features/composer/components/BodyStatus';

const problem = (line: number) => ({ line, message: 'Missing property "customerNumber".' });

describe('the body badge', () => {
  it('calls JSON valid only when the schema finds no problem', () => {
    expect(bodyVerdict(undefined, [])).toEqual({ text: 'Valid JSON', tone: 'ok' });
    expect(bodyVerdict(undefined, [problem(1)])).toEqual({
      text: "Valid JSON, but not what the bank's schema asks: 1 problem below",
      tone: 'warn',
    });
    expect(bodyVerdict(undefined, [problem(1), problem(2)]).text).toMatch(/2 problems below$/);
  });

  it('names a parse error first, whatever the schema said before', () => {
    expect(bodyVerdict('Unexpected end of JSON input', [problem(1)])).toEqual({
      text: 'Not valid JSON: Unexpected end of JSON input',
      tone: 'error',
    });
  });
});
