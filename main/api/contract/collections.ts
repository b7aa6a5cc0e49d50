/**
 * Named collections of saved composer requests with folders, kept on disk by the host (atomic
 * write), and the collection formats in and out: Postman Collection v2.1, Bruno (a folder of
 * `.bru` files, or a zip of one) and OpenAPI 3 (a file, or a target's `/openapi.json`).
 */
import { Type } from '@sinclair/typebox';
import type {
  Collection,
  CollectionFile,
  CollectionItem,
  FolderItem,
  SavedRequestItem,
} from '../../core/collections/model.js';
import type {
  CollectionRunResult,
  RunRequestResult,
} from '../../core/collections/collection-run.js';
import { MAX_BRUNO_FILES, MAX_COLLECTION_FILE_CHARS } from '../../shared/collection-limits.js';
import { call, event } from './define.js';
import { ComposedRequestSchema } from './tpp.js';

export type CollectionView = Collection;
export type CollectionItemView = CollectionItem;
export type FolderView = FolderItem;
export type SavedRequestView = SavedRequestItem;
export type CollectionFileView = CollectionFile;

const CollectionName = Type.String({ minLength: 1, maxLength: 100 });
const ItemName = Type.String({ minLength: 1, maxLength: 200 });
const ItemId = Type.String({ minLength: 1, maxLength: 100 });
/** Where an item goes: a folder's id, or the top level when absent or null. */
const FolderId = Type.Optional(Type.Union([ItemId, Type.Null()]));

export const COLLECTION_IMPORT_FORMATS = ['postman', 'bruno', 'openapi', 'har', 'curl'] as const;
export type CollectionImportFormat = (typeof COLLECTION_IMPORT_FORMATS)[number];
export const COLLECTION_EXPORT_FORMATS = ['postman', 'bruno'] as const;
export type CollectionExportFormat = (typeof COLLECTION_EXPORT_FORMATS)[number];

/**
 * What an import made. The saved collections with the new one come once, as the
 * `collections.changed` event every view takes them from, not in this answer too: a team's
 * collection is megabytes that the view would parse twice.
 */
export interface CollectionImportView {
  /** The name the new collection got (a taken name gets " (2)"). */
  imported: string;
  /**
   * What of the file was left out, and why (auth, the headers the workbench makes), and the
   * scripts kept as text, not run.
   */
  notes: string[];
}

export interface CollectionExportView {
  fileName: string;
  mediaType: string;
  /** The file: JSON text (Postman) or a zip in base64 (Bruno). */
  text?: string;
  base64?: string;
  /** Bruno: the collection folder's files, for a host that writes a folder (the CLI). */
  files?: CollectionFileView[];
}

/** A collection run's result with its reports (docs/collections.md, "Running a collection"). */
export interface CollectionRunView extends CollectionRunResult {
  /** JUnit XML and JSON of the result, for the view to save. */
  junit: string;
  json: string;
}
export type CollectionRunRequestView = RunRequestResult;

export const collectionsCalls = {
  'collections.list': call<CollectionView[]>()(
    'Every saved collection with its folders and requests.',
    Type.Object({}, { additionalProperties: false }),
  ),
  'collections.saveRequest': call<CollectionView[]>()(
    'Saves a request into a collection (created when new), in a folder or at the top; a request ' +
      'with the same name in the same folder is replaced.',
    Type.Object(
      {
        collection: CollectionName,
        name: ItemName,
        folderId: FolderId,
        operationId: Type.Optional(Type.String({ maxLength: 200 })),
        request: ComposedRequestSchema,
      },
      { additionalProperties: false },
    ),
  ),
  'collections.create': call<CollectionView[]>()(
    'Creates an empty collection.',
    Type.Object({ collection: CollectionName }, { additionalProperties: false }),
  ),
  'collections.rename': call<CollectionView[]>()(
    'Renames a collection.',
    Type.Object(
      { collection: CollectionName, to: CollectionName },
      { additionalProperties: false },
    ),
  ),
  'collections.remove': call<CollectionView[]>()(
    'Removes a collection with its folders and requests.',
    Type.Object({ collection: CollectionName }, { additionalProperties: false }),
  ),
  'collections.addFolder': call<CollectionView[]>()(
    'Adds a folder to a collection, inside a folder or at the top.',
    Type.Object(
      { collection: CollectionName, name: ItemName, parentId: FolderId },
      { additionalProperties: false },
    ),
  ),
  'collections.renameItem': call<CollectionView[]>()(
    'Renames a folder or a saved request.',
    Type.Object(
      { collection: CollectionName, id: ItemId, name: ItemName },
      { additionalProperties: false },
    ),
  ),
  'collections.removeItem': call<CollectionView[]>()(
    'Removes a saved request, or a folder with everything in it.',
    Type.Object({ collection: CollectionName, id: ItemId }, { additionalProperties: false }),
  ),
  'collections.moveItem': call<CollectionView[]>()(
    'Moves a saved request or a folder into another folder (or to the top).',
    Type.Object(
      { collection: CollectionName, id: ItemId, folderId: FolderId },
      { additionalProperties: false },
    ),
  ),
  'collections.import': call<CollectionImportView>()(
    'Imports a collection as a new one: Postman v2.1 (`text`), Bruno (`files` of its folder, or ' +
      '`zipBase64`), OpenAPI 3 JSON (`text`, or `targetId` for the target’s /openapi.json), HAR 1.2 ' +
      '(`text`) or curl commands (`text`, as pasted). A bad ' +
      'file is refused naming what is wrong; nothing saved changes. Answers the new ' +
      "collection's name and notes; the collections come as `collections.changed`.",
    Type.Object(
      {
        format: Type.Union(COLLECTION_IMPORT_FORMATS.map((f) => Type.Literal(f))),
        text: Type.Optional(Type.String({ maxLength: MAX_COLLECTION_FILE_CHARS })),
        files: Type.Optional(
          Type.Array(
            Type.Object(
              {
                path: Type.String({ minLength: 1, maxLength: 1000 }),
                text: Type.String({ maxLength: MAX_COLLECTION_FILE_CHARS }),
              },
              { additionalProperties: false },
            ),
            { maxItems: MAX_BRUNO_FILES },
          ),
        ),
        zipBase64: Type.Optional(Type.String({ maxLength: MAX_COLLECTION_FILE_CHARS })),
        targetId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        name: Type.Optional(CollectionName),
      },
      { additionalProperties: false },
    ),
  ),
  'collections.export': call<CollectionExportView>()(
    'A collection as a Postman Collection v2.1 file or a Bruno collection (zip and files, or ' +
      'with `folder` the files only).',
    Type.Object(
      {
        collection: CollectionName,
        format: Type.Union(COLLECTION_EXPORT_FORMATS.map((f) => Type.Literal(f))),
        /** Add a pre-request script that signs every request outside the workbench (§5.2). */
        signing: Type.Optional(Type.Boolean()),
        /** Bruno: the folder's files only, no zip (a host that writes the folder, the CLI). */
        folder: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
  ),
  'collections.setAssertions': call<CollectionView[]>()(
    "Replaces a saved request's assertions, one per line as words: `status 201`, `status 2xx`, " +
      '`$.consentStatus == "received"`, `$.consentId exists`. A line that is not one is refused ' +
      'naming it; nothing changes.',
    Type.Object(
      {
        collection: CollectionName,
        id: ItemId,
        assertions: Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 100 }),
      },
      { additionalProperties: false },
    ),
  ),
  'collections.run': call<CollectionRunView>()(
    'Runs a collection, or one folder (its path, `A / B`) and its sub-folders: each request sent ' +
      "and signed as the composer sends it, `{{name}}` from the target's environment (its active " +
      'one unless named) and the ids earlier answers carried, and its assertions judged. Each ' +
      "request's result is also sent as `collections.runProgress` as it arrives.",
    Type.Object(
      {
        collection: CollectionName,
        folder: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
        targetId: Type.String({ minLength: 1, maxLength: 100 }),
        environment: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
      },
      { additionalProperties: false },
    ),
  ),
};

export const collectionsEvents = {
  'collections.changed': event<CollectionView[]>('Saved collections changed.'),
  'collections.runProgress': event<{ collection: string; request: CollectionRunRequestView }>(
    "One request of a running collection, with its answer's status and its assertions.",
  ),
};
