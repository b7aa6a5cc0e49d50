/** Named collections of saved composer requests, kept on disk by the host (atomic write). */
import { Type, type Static } from '@sinclair/typebox';
import { call, event } from './define.js';
import { ComposedRequestSchema } from './tpp.js';

const CollectionName = Type.String({ minLength: 1, maxLength: 100 });
const RequestName = Type.String({ minLength: 1, maxLength: 200 });

export const SavedRequestSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100 }),
    name: RequestName,
    /** The catalogue operation it was composed from, if any. */
    operationId: Type.Optional(Type.String({ maxLength: 200 })),
    request: ComposedRequestSchema,
    savedAt: Type.String(),
  },
  { additionalProperties: false },
);
export type SavedRequestView = Static<typeof SavedRequestSchema>;

export const CollectionSchema = Type.Object(
  { name: CollectionName, requests: Type.Array(SavedRequestSchema) },
  { additionalProperties: false },
);
export type CollectionView = Static<typeof CollectionSchema>;

export const collectionsCalls = {
  'collections.list': call<CollectionView[]>()(
    'Every saved collection with its requests.',
    Type.Object({}, { additionalProperties: false }),
  ),
  'collections.saveRequest': call<CollectionView[]>()(
    'Saves a request into a collection (created when new); a request with the same name is replaced.',
    Type.Object(
      {
        collection: CollectionName,
        name: RequestName,
        operationId: Type.Optional(Type.String({ maxLength: 200 })),
        request: ComposedRequestSchema,
      },
      { additionalProperties: false },
    ),
  ),
  'collections.removeRequest': call<CollectionView[]>()(
    'Removes a saved request.',
    Type.Object(
      { collection: CollectionName, id: Type.String({ minLength: 1 }) },
      { additionalProperties: false },
    ),
  ),
  'collections.remove': call<CollectionView[]>()(
    'Removes a collection and its requests.',
    Type.Object({ collection: CollectionName }, { additionalProperties: false }),
  ),
};

export const collectionsEvents = {
  'collections.changed': event<CollectionView[]>('Saved collections changed.'),
};
