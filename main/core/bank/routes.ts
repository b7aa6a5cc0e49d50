/**
 * The bank's endpoints. Adding one: a file in handlers/ exporting a RouteDefinition, plus one line
 * here. Stages, /openapi.json and the request log pick it up from this list.
 */
import { getCardAccountTransactions } from './handlers/cardAccountTransactions.js';
import { openApiDocumentRoute } from './handlers/openApiDocument.js';
import { sandboxInitialize } from './handlers/sandboxInitialize.js';
import type { RouteDefinition } from './types.js';

export const BANK_ROUTES: readonly RouteDefinition[] = [
  openApiDocumentRoute,
  sandboxInitialize,
  getCardAccountTransactions,
];
