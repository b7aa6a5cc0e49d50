/** Shell words: a pasted command split as bash splits it, nothing expanded or run. */
import { describe, expect, it } from 'vitest';
import { shellCommands } from '../../../main/core/collections/shell-words.js';
import { refusal } from './fixtures.js';

describe('shell words', () => {
  it('reads quotes, escapes, $-quotes and continuations as bash does, running nothing', () => {
    expect(
      shellCommands(
        `curl 'a b' "c \\"d\\" \\$HOME $(x)" e\\ f $'g\\nh\\x41\\u00e9' \\\n  -H 'X: y'; echo $PATH`,
      ),
    ).toEqual([
      ['curl', 'a b', 'c "d" $HOME $(x)', 'e f', 'g\nhAé', '-H', 'X: y'],
      ['echo', '$PATH'],
    ]);
  });

  it('names a quote that is never closed', () => {
    expect(refusal(() => shellCommands(`curl 'https://x`))).toMatch(/quote \('\) .*never closed/);
    expect(refusal(() => shellCommands(`curl "https://x`))).toMatch(/quote \("\) .*never closed/);
    expect(refusal(() => shellCommands(`curl $'x`))).toMatch(/\$'…' quote .*never closed/);
  });
});
