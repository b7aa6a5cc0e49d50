/** The languages the copy menus offer, each rendering the same recorded request. */
import { describe, expect, it } from 'vitest';
import { curlCommand } from '../../../../main/shared/curl-command';
import { CODE_LANGUAGES, requestCode } from '../../../../main/shared/request-code/index';
import { signedRequest } from './fixture';

describe('requestCode', () => {
  it('offers curl, Node fetch and Java HttpClient; curl replays the exact request', () => {
    expect(CODE_LANGUAGES.map((language) => language.label)).toEqual([
      'curl',
      'Node fetch',
      'Java HttpClient',
    ]);
    expect(requestCode('curl', signedRequest())).toBe(curlCommand(signedRequest()));
    expect(requestCode('node', signedRequest())).toContain('await fetch(url, {');
    expect(requestCode('java', signedRequest())).toContain('public class SignedRequest {');
  });

  it('names a language it does not know', () => {
    expect(() => requestCode('python' as never, signedRequest())).toThrow(
      "no code generator for 'python'",
    );
  });
});
