/** The one curl renderer: what History, the CLI, the bundle script and the Runner's evidence copy. */
import { describe, expect, it } from 'vitest';
import { curlCommand, shellQuote } from '../../../main/shared/curl-command';
import { requestOfEvidence } from '../../../main/shared/exchange';

describe('curlCommand', () => {
  it('quotes the URL, every header and the body for a POSIX shell', () => {
    expect(
      curlCommand({
        method: 'POST',
        url: "http://127.0.0.1:1/v1/consents?q=it's",
        headers: { 'X-Request-ID': 'a', Signature: 'keyId="k"' },
        body: '{"a":1}',
      }),
    ).toBe(
      [
        "curl --request POST 'http://127.0.0.1:1/v1/consents?q=it'\\''s' \\",
        "  --header 'X-Request-ID: a' \\",
        '  --header \'Signature: keyId="k"\' \\',
        `  --data-binary '{"a":1}'`,
      ].join('\n'),
    );
  });

  it('sends a binary body kept by the evidence as its bytes again', () => {
    const request = requestOfEvidence({
      method: 'PUT',
      url: 'http://h/x',
      headers: {},
      body: '(binary, base64) AAEC',
    });
    expect(request).toEqual({ method: 'PUT', url: 'http://h/x', headers: {}, bodyBase64: 'AAEC' });
    expect(curlCommand(request)).toBe(
      "printf %s 'AAEC' | base64 -d | curl --request PUT 'http://h/x' \\\n  --data-binary @-",
    );
  });

  it('quotes a single quote as the shell needs', () => {
    expect(shellQuote("a'b")).toBe("'a'\\''b'");
  });
});
