/**
 * Postman's SDK (`postman-collection`) as ES modules see it: the package is CommonJS whose
 * exports Node cannot name, so its classes come from the default export.
 */
import postmanSdk, { type QueryParam, type Url as UrlType } from 'postman-collection';
import type { ImportedUrl } from './imported-request.js';

export const { Collection, Item, ItemGroup, Url } = postmanSdk;
export type {
  Collection as CollectionType,
  Item as ItemType,
  ItemGroup as ItemGroupType,
  Url as UrlType,
  ItemDefinition,
  ItemGroupDefinition,
  VariableDefinition,
} from 'postman-collection';

/** A URL the SDK parsed, in the parts an import reads (imported-request.ts). */
export function urlParts(url: UrlType): ImportedUrl {
  return {
    protocol: url.protocol,
    host: url.host,
    port: url.port,
    path: url.path,
    query: url.query.all() as QueryParam[],
  };
}
