/**
 * Postman's SDK (`postman-collection`) as ES modules see it: the package is CommonJS whose
 * exports Node cannot name, so its classes come from the default export.
 */
import postmanSdk from 'postman-collection';

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
