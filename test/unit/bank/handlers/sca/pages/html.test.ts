/** The SCA pages' escaping and headers (pages/html.ts). */
import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  html,
  pageHeaders,
} from '../../../../../../main/core/bank/handlers/sca/pages/html.js';

describe('escapeHtml / html``', () => {
  it('escapes every character that can leave text or an attribute', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&\``)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;',
    );
  });

  it('shows control, bidirectional formatting and noncharacters as U+FFFD', () => {
    expect(escapeHtml('Pay \u202Eevil\u202C to Kari\u0000\u0085\uFFFF')).toBe(
      'Pay \uFFFDevil\uFFFD to Kari\uFFFD\uFFFD\uFFFD',
    );
    expect(escapeHtml('Åse Ødegård محمد')).toBe('Åse Ødegård محمد');
  });

  it('escapes interpolations but keeps nested fragments and arrays of them', () => {
    const tag = html; // (prettier reformats templates tagged `html`)
    const items = ['<b>', 'c'].map((text) => tag`<li>${text}</li>`);
    const list = tag`<ul title="${'"x"'}">${items}${undefined}${false}</ul>`;
    expect(list.html).toBe('<ul title="&quot;x&quot;"><li>&lt;b&gt;</li><li>c</li></ul>');
  });
});

describe('pageHeaders', () => {
  it('forbids scripts and lets forms reach only the bank and the TPP origin', () => {
    const headers = pageHeaders('https://tpp.example');
    expect(headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self' https://tpp.example; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(pageHeaders()['content-security-policy']).toContain("form-action 'self';");
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['referrer-policy']).toBe('no-referrer');
  });
});
