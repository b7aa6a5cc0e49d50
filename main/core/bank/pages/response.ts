/** A page handler's answer as an HTTP response: the HTML document with the page headers. */
import type { BankResponse, HandlerResult } from '../types.js';
import { pageHeaders } from './html.js';

export function pageResponse(result: HandlerResult): BankResponse {
  return {
    status: result.status,
    headers: { ...pageHeaders(), ...result.headers },
    body: result.html ?? '',
  };
}
