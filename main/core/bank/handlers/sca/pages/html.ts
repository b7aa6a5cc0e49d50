/**
 * The SCA site's HTML toolkit: escaping, the page frame, the stylesheet and the security headers.
 * No external assets and no script at all: forms POST back to the bank, so the CSP can forbid
 * scripts outright.
 */

import { neutralisedText } from '../../../../spec/validators/free-text.js';

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/**
 * Escapes text for element content and quoted attribute values alike. Characters free text may
 * not hold (a bidirectional override, a control character) are shown as U+FFFD first: text that
 * reached the bank before it refused them cannot reorder what the PSU reads (§1).
 */
export function escapeHtml(value: unknown): string {
  return neutralisedText(String(value)).replace(/[&<>"'`]/g, (c) => HTML_ESCAPES[c]!);
}

/** An HTML fragment that is already safe (built from escaped parts). */
export interface Html {
  readonly html: string;
}

const isHtml = (value: unknown): value is Html =>
  typeof value === 'object' && value !== null && 'html' in value;

/** Tagged template: interpolated values are escaped unless they are Html (or arrays of them). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!;
  values.forEach((value, i) => {
    const parts = Array.isArray(value) ? value : [value];
    for (const part of parts)
      if (part !== undefined && part !== null && part !== false)
        out += isHtml(part) ? part.html : escapeHtml(part);
    out += strings[i + 1]!;
  });
  return { html: out };
}

export const STYLESHEET_PATH = '/sca/assets/sca.css';

export const STYLESHEET = `
:root { color-scheme: light; font-family: system-ui, sans-serif; }
body { margin: 0; background: #eef1f4; color: #16202a; }
main.sca { max-width: 34rem; margin: 3rem auto; background: #fff; padding: 2rem 2.25rem;
  border-radius: 10px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
header { display: flex; justify-content: space-between; gap: 1rem; font-size: .85rem; color: #4a5866; }
h1 { font-size: 1.35rem; margin: 1.25rem 0 1rem; }
label { display: block; margin: .75rem 0 .25rem; font-weight: 600; }
input[type=text] { width: 100%; box-sizing: border-box; padding: .55rem; font-size: 1rem;
  border: 1px solid #9aa7b4; border-radius: 6px; }
fieldset { border: 1px solid #d4dbe2; border-radius: 6px; margin: 1rem 0; padding: .5rem 1rem; }
.choice { display: flex; gap: .6rem; align-items: baseline; margin: .5rem 0; }
.choice label { display: inline; margin: 0; font-weight: 500; }
.detail { color: #4a5866; font-size: .9rem; }
.actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
button { padding: .55rem 1.2rem; font-size: 1rem; border-radius: 6px; border: 1px solid #1f5fa8;
  background: #1f5fa8; color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: #1f5fa8; }
.error { background: #fdecea; border: 1px solid #e0a39c; padding: .6rem .8rem; border-radius: 6px; }
.notice { background: #eef5fd; border: 1px solid #a9c6e8; padding: .6rem .8rem; border-radius: 6px; }
output.code { font: 600 1.4rem ui-monospace, monospace; letter-spacing: .2em; }
`;

/**
 * Security headers of every page. Scripts are forbidden; styles come only from the bank; forms
 * may post to the bank and, because Chromium applies form-action to the redirect that follows a
 * submission, to the origin of the TPP-Redirect-URI (the only place the PSU is sent back to).
 */
export function pageHeaders(redirectOrigin?: string): Record<string, string> {
  const formAction = redirectOrigin ? `'self' ${redirectOrigin}` : "'self'";
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; style-src 'self'; img-src 'self'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

export interface FrameOptions {
  title: string;
  /** data-step of the page: login, code, context, consent, authorise, error. */
  step: string;
  bankName: string;
  tppName?: string;
  authorisationId?: string;
  /** A message about the last submission (shown as an alert with data-testid="form-error"). */
  error?: string;
  notice?: string;
}

/** The whole document around a page body. */
export function frame(options: FrameOptions, body: Html): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${options.title} – ${options.bankName}</title>
        <link rel="stylesheet" href="${STYLESHEET_PATH}" />
      </head>
      <body>
        <main
          class="sca"
          data-testid="sca-page"
          data-step="${options.step}"
          ${
            options.authorisationId
              ? html` data-authorisation-id="${options.authorisationId}"`
              : html``
          }
        >
          <header>
            <span data-testid="bank-name">${options.bankName}</span>${
              options.tppName
                ? html`<span data-testid="tpp-name">For ${options.tppName}</span>`
                : html``
            }
          </header>
          <h1 data-testid="page-title">${options.title}</h1>
          ${options.error ? html`<p class="error" role="alert" data-testid="form-error">${options.error}</p>` : html``}
          ${options.notice ? html`<p class="notice" data-testid="notice">${options.notice}</p>` : html``}
          ${body}
        </main>
      </body>
    </html> `.html;
}
