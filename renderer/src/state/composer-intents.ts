/**
 * What another screen asks of the composer: History opens a sent exchange in it, the Runner's
 * evidence a request a check sent. The composer takes the asks up when it loads (its store calls
 * `takeComposerIntents`), so the screens that ask never import the composer.
 */
import type { ExchangeView } from '../../../main/api/contract';
import type { ExchangeRequest } from '../../../main/shared/exchange';

export interface ComposerIntents {
  /** A sent exchange in a tab of its own: its operation and values, its response. */
  openExchange(exchange: ExchangeView): Promise<void>;
  /** A request a check sent in a tab of its own, on the operation it called. */
  openCheckRequest(request: ExchangeRequest): Promise<void>;
}

let composer: ComposerIntents | undefined;

/** The composer takes up the asks; a later call replaces an earlier one (one composer). */
export function takeComposerIntents(taker: ComposerIntents): void {
  composer = taker;
}

function taken(): ComposerIntents {
  if (composer === undefined)
    throw new Error('The composer is not loaded, so nothing can be opened in it.');
  return composer;
}

/** Ask the composer; refused with a clear error while no composer has taken the asks up. */
export const composerIntents: ComposerIntents = {
  openExchange: async (exchange) => taken().openExchange(exchange),
  openCheckRequest: async (request) => taken().openCheckRequest(request),
};
