/**
 * How a sequence diagram names the bank's SCA pages (§6, docs/sca.md "The redirect flow") and the
 * PSU's choice on them: the Runner's evidence picture and the bank console's live diagram say the
 * same words, from here. A page is named by its step (`login`, `code`, `context`, `consent`,
 * `authorise`), as the page's `data-step` and its form's hidden `step` field carry it. Pure.
 */
import { shortIds } from './model.js';

/** "SCA page: login": the arrow of the PSU's browser on one of the bank's SCA pages. */
export function scaPageLabel(step: string): string {
  return `SCA page: ${step}`;
}

/**
 * What the PSU chose on a submitted SCA page, from its form fields, or undefined when the page
 * carries no choice (login and code carry credentials, never shown). The context (§1), the
 * accounts ticked on the consent screen and whether the PSU confirmed or declined.
 */
export function psuChoice(form: URLSearchParams): { label: string; title: string } | undefined {
  const step = form.get('step') ?? '';
  if (form.get('action') === 'cancel') {
    const label = `PSU declined${step ? ` on the ${step} page` : ''} (Cancel)`;
    return { label, title: label };
  }
  if (step === 'context') {
    const context = form.get('context') ?? '';
    const label = `PSU chose context: ${context ? shortIds(context) : 'none'}`;
    return { label, title: `PSU chose context: ${context || 'none'}` };
  }
  if (step === 'consent' && form.get('action') === 'confirm') {
    const accounts = form.getAll('account');
    const ticked = `${accounts.length} account${accounts.length === 1 ? '' : 's'} ticked`;
    return {
      label: `PSU confirmed the consent: ${ticked}`,
      title: `PSU confirmed the consent: ${ticked}${accounts.length ? ` (${accounts.join(', ')})` : ''}`,
    };
  }
  if (step === 'authorise' && form.get('action') === 'confirm') {
    const label = 'PSU confirmed the authorisation';
    return { label, title: label };
  }
  return undefined;
}

/** The form fields of a logged page request body (application/x-www-form-urlencoded). */
export function scaForm(body: string | undefined): URLSearchParams | undefined {
  if (body === undefined) return undefined;
  try {
    return new URLSearchParams(body);
  } catch {
    return undefined;
  }
}
