/** A page handler's answer as an HTTP response: the HTML document with the page headers. */
import type { BankMode } from '../../../../../shared/mode.js';
import type { BankResponse } from '../../../http/messages.js';
import type { HandlerResult } from '../../../context/request-context.js';
import { pageHeaders } from './html.js';
import { errorPage } from './views.js';

export function pageResponse(result: HandlerResult): BankResponse {
  return {
    status: result.status,
    headers: { ...pageHeaders(), ...result.headers },
    body: result.html ?? '',
  };
}

/**
 * What the PSU's browser is shown when an SCA page could not be answered (§5.3.1: the pages are
 * for a person, not a TPP): an HTML error page, never the tppMessages JSON of the API routes.
 * 503 (the change could not be saved, the database is away) says when to try again, as the API's
 * 503 does (Retry-After); nothing of the step was kept, so reloading the page repeats it.
 */
export function pageErrorResponse(mode: BankMode, status: number): BankResponse {
  const unavailable = status === 503;
  const body = unavailable
    ? errorPage(
        mode,
        'Please try again in a moment',
        'The bank could not complete this step just now; nothing was changed. Wait a moment, then reload this page.',
      )
    : errorPage(
        mode,
        'Something went wrong',
        'The bank could not show this page. Go back to the service you came from and start again.',
      );
  return {
    status,
    headers: { ...pageHeaders(), ...(unavailable ? { 'retry-after': '1' } : {}) },
    body,
  };
}
