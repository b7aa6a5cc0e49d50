/** The PSU agent's HTML form reader (tpp/psu-agent/html-forms.ts): what a browser would submit. */
import { describe, expect, it } from 'vitest';
import {
  decodeEntities,
  findElement,
  formData,
  parseForms,
} from '../../../../main/core/tpp/psu-agent/html-forms.js';

const PAGE = `<!doctype html><main data-testid="sca-page" data-step="consent">
<!-- <form name="ghost"><input name="ghost" value="1"></form> -->
<h1 data-testid="page-title">Share &amp; <em>enjoy</em></h1>
<form method=post action="/sca/a?x=1&amp;y=2" name="consent">
<input type="hidden" name="csrf" value="t&quot;k">
<input type=checkbox name=account id=a1 value="account:a1" checked data-iban="NO93">
<label for="a1">Brukskonto <span>NO93</span></label>
<input type="checkbox" name="account" id="a2" value="account:a2">
<input type="checkbox" name="account" value="account:a3" checked disabled>
<input type="radio" name="context" value="PRIVATE">
<input type="radio" name="context" value="agreement:x" checked>
<input name="plain">
<textarea name="note">a &lt; b</textarea>
<select name="choice"><option value="one">One</option><option value="two" selected>Two</option></select>
<button type="submit" name="action" value="confirm">Confirm</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form></main>`;

describe('parseForms / formData', () => {
  const [form] = parseForms(PAGE);

  it('reads the form, its attributes (quoted, unquoted, entities) and skips comments', () => {
    expect(parseForms(PAGE)).toHaveLength(1);
    expect(form!.method).toBe('post');
    expect(form!.action).toBe('/sca/a?x=1&y=2');
    expect(form!.controls.find((c) => c.name === 'csrf')!.value).toBe('t"k');
  });

  it('submits checked boxes and radios, text, textarea, the selected option and only the submitter', () => {
    const cancel = form!.controls.find((c) => c.value === 'cancel');
    expect(formData(form!, cancel)).toEqual([
      ['csrf', 't"k'],
      ['account', 'account:a1'],
      ['context', 'agreement:x'],
      ['plain', ''],
      ['note', 'a < b'],
      ['choice', 'two'],
      ['action', 'cancel'],
    ]);
  });

  it('attaches <label for> text to its control', () => {
    expect(form!.controls.find((c) => c.attributes.id === 'a1')!.label).toBe('Brukskonto NO93');
  });
});

describe('findElement / decodeEntities', () => {
  it('finds an element by data-testid with its text content', () => {
    expect(findElement(PAGE, 'page-title')).toMatchObject({ text: 'Share & enjoy' });
    expect(findElement(PAGE, 'sca-page')?.attributes['data-step']).toBe('consent');
    expect(findElement(PAGE, 'missing')).toBeUndefined();
  });

  it('decodes named and numeric entities', () => {
    expect(decodeEntities('&lt;&#65;&#x42;&gt;&amp;&quot;&apos;')).toBe('<AB>&"\'');
  });
});
