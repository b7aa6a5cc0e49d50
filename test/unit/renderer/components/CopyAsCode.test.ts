/**
 * The copy menu of the composer's response and the Runner's evidence (CopyAsCode.tsx): a language
 * select with an accessible name, curl first, and the copy button named after the language; a
 * request that cannot become code says why instead of offering a copy.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CopyAsCodeView, codeOf } from '../../../../renderer/src/components/CopyAsCode';
import type { CodeLanguage, RecordedRequest } from '../../../../main/shared/request-code/index';

const REQUEST: RecordedRequest = {
  method: 'GET',
  url: 'http://127.0.0.1:8080/v1/accounts',
  headers: { 'X-Request-ID': 'a', Signature: 'keyId="k",headers="x-request-id"' },
};

function view(language: CodeLanguage, request: RecordedRequest = REQUEST) {
  return renderToStaticMarkup(
    createElement(CopyAsCodeView, { request, language, onLanguage: () => {}, testId: 'copy' }),
  );
}

describe('the copy-as-code menu', () => {
  it('offers curl, Node fetch and Java HttpClient in a select with an accessible name', () => {
    const html = view('curl');
    const id = /<select id="([^"]+)"/.exec(html)![1];
    expect(html).toContain(
      `<label for="${id}" class="visually-hidden">Copy the request as</label>`,
    );
    expect(html).toMatch(
      /<option value="curl" selected="">curl<\/option><option value="node">Node fetch<\/option><option value="java">Java HttpClient<\/option>/,
    );
    expect(html).toContain('>Copy as curl</button>');
  });

  it('names the copy after the chosen language', () => {
    expect(view('node')).toContain('>Copy as Node fetch</button>');
    expect(view('java')).toContain('>Copy as Java HttpClient</button>');
  });

  it('copies the program for the chosen language', () => {
    expect(codeOf('node', REQUEST)).toEqual({
      text: expect.stringContaining('const signedHeaders = "x-request-id".split'),
    });
  });

  it('says why a request cannot become code instead of offering a copy', () => {
    const broken = { ...REQUEST, headers: { Signature: 'keyId="k"' } };
    const html = view('node', broken);
    expect(html).toContain('role="alert"');
    expect(html).toContain(
      'No Node fetch code for this request: the Signature header has no headers=',
    );
    expect(html).not.toContain('<button');
  });
});
