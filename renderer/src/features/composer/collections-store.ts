/**
 * The Collections panel: saved requests in named collections with folders, imports (Postman
 * v2.1, Bruno, OpenAPI) with what each left out, exports, and opening a saved request in the
 * composer with its collection's variables.
 */
import { create } from 'zustand';
import type {
  CollectionExportFormat,
  CollectionImportFormat,
  CollectionView,
  SavedRequestView,
} from '../../../../main/api/contract';
import { isBrunoCollectionFile } from '../../../../main/shared/bruno-files';
import {
  MAX_COLLECTION_FILE_CHARS,
  MAX_COLLECTION_ZIP_BYTES,
  collectionTooBig,
} from '../../../../main/shared/collection-limits';
import { api } from '../../api';
import { bytesToBase64 } from '../../lib/base64';
import { downloadBase64, downloadText } from '../../lib/download';
import { useOpenCollection } from './open-collection';
import { draftOfSaved, savedRequestOf } from './saved-draft';
import { scriptsOfSaved } from './saved-scripts';
import { useComposerStore } from './store';

/** What a file or folder the user chose holds, for an import. */
export type ImportSource =
  | { kind: 'file'; file: File }
  | { kind: 'folder'; files: readonly File[] }
  | { kind: 'target'; targetId: string }
  /** Text the user pasted (curl commands). */
  | { kind: 'text'; text: string };

/** The last import: the collection it made and what it left out. */
export interface ImportReport {
  imported: string;
  notes: string[];
}

interface CollectionsState {
  collections: CollectionView[];
  report?: ImportReport;
  error?: unknown;
  busy: boolean;
  load(): Promise<void>;
  received(collections: CollectionView[]): void;
  /** Saves the composer's request (replacing one of the same name in the same folder). */
  save(collection: string, name: string, folderId?: string): Promise<boolean>;
  create(collection: string): Promise<void>;
  rename(collection: string, to: string): Promise<void>;
  remove(collection: string): Promise<void>;
  addFolder(collection: string, name: string, parentId?: string): Promise<void>;
  renameItem(collection: string, id: string, name: string): Promise<void>;
  removeItem(collection: string, id: string): Promise<void>;
  moveItem(collection: string, id: string, folderId: string | null): Promise<void>;
  /** A saved request's assertions, one per line in words (`status 201`, `$.a exists`). */
  setAssertions(collection: string, id: string, lines: string[]): Promise<void>;
  import(format: CollectionImportFormat, source: ImportSource): Promise<void>;
  /** `signing`: with the pre-request script that signs each request outside the workbench. */
  export(collection: string, format: CollectionExportFormat, signing?: boolean): Promise<void>;
  /** The saved request in the composer's form, with its collection's variables for `{{name}}`. */
  open(collection: CollectionView, saved: SavedRequestView): Promise<void>;
}

/** A folder's Bruno files by their path inside the chosen folder (the browser's webkitRelativePath). */
async function folderFiles(files: readonly File[]) {
  const path = (file: File) => file.webkitRelativePath || file.name;
  return Promise.all(
    files
      .filter((file) => isBrunoCollectionFile(path(file)))
      .map(async (file) => ({
        path: path(file),
        text: await file.text(),
      })),
  );
}

/** Refuses files over the collection limit by their size, before any is read (as the CLI does). */
function sized(what: string, files: readonly File[], limit: number): void {
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  if (bytes > limit) throw new Error(collectionTooBig(what, bytes, limit, 'bytes'));
}

async function importArgs(format: CollectionImportFormat, source: ImportSource) {
  if (source.kind === 'target') return { format, targetId: source.targetId };
  if (source.kind === 'text') return { format, text: source.text };
  if (source.kind === 'folder') {
    const path = (file: File) => file.webkitRelativePath || file.name;
    sized(
      'The folder (its bruno.json and .bru files together)',
      source.files.filter((file) => isBrunoCollectionFile(path(file))),
      MAX_COLLECTION_FILE_CHARS,
    );
    return { format, files: await folderFiles(source.files) };
  }
  sized(
    source.file.name,
    [source.file],
    format === 'bruno' ? MAX_COLLECTION_ZIP_BYTES : MAX_COLLECTION_FILE_CHARS,
  );
  if (format === 'bruno')
    return { format, zipBase64: bytesToBase64(new Uint8Array(await source.file.arrayBuffer())) };
  return { format, text: await source.file.text() };
}

export const useCollectionsStore = create<CollectionsState>((set, get) => {
  /**
   * How many `collections.changed` events arrived. Main sends one for every change, in the order
   * it made them, so the last event is the newest list; an answer is older than an event that
   * arrived after its call was sent (answers and events travel apart and may cross), and taking
   * it would show a list without a change made since until the next one.
   */
  let events = 0;
  /** Runs a call that answers with the collections; an error is shown, nothing else changes. */
  const change = async (run: () => Promise<CollectionView[]>): Promise<boolean> => {
    set({ error: undefined });
    const sentAfter = events;
    try {
      const collections = await run();
      if (events === sentAfter) set({ collections });
      return true;
    } catch (error) {
      set({ error });
      return false;
    }
  };
  return {
    collections: [],
    busy: false,
    load: () => change(() => api.call('collections.list', {})).then(() => undefined),
    received: (collections) => {
      events += 1;
      set({ collections });
    },
    async save(collection, name, folderId) {
      const draft = useComposerStore.getState().draft;
      const saved = await change(() =>
        api.call('collections.saveRequest', {
          collection,
          name,
          ...(folderId ? { folderId } : {}),
          request: savedRequestOf(draft),
          ...(draft.operationId ? { operationId: draft.operationId } : {}),
        }),
      );
      if (saved) useComposerStore.getState().say(`Saved “${name}” in ${collection}`);
      return saved;
    },
    create: (collection) => change(() => api.call('collections.create', { collection })).then(),
    rename: (collection, to) =>
      change(() => api.call('collections.rename', { collection, to })).then(),
    remove: (collection) => change(() => api.call('collections.remove', { collection })).then(),
    addFolder: (collection, name, parentId) =>
      change(() =>
        api.call('collections.addFolder', { collection, name, ...(parentId ? { parentId } : {}) }),
      ).then(),
    renameItem: (collection, id, name) =>
      change(() => api.call('collections.renameItem', { collection, id, name })).then(),
    removeItem: (collection, id) =>
      change(() => api.call('collections.removeItem', { collection, id })).then(),
    moveItem: (collection, id, folderId) =>
      change(() => api.call('collections.moveItem', { collection, id, folderId })).then(),
    setAssertions: (collection, id, assertions) =>
      change(() => api.call('collections.setAssertions', { collection, id, assertions })).then(),
    async import(format, source) {
      if (get().busy) return;
      set({ busy: true, error: undefined, report: undefined });
      try {
        const result = await api.call('collections.import', await importArgs(format, source));
        // The collections with the new one arrive as `collections.changed` (live.ts).
        set({ report: { imported: result.imported, notes: result.notes }, busy: false });
      } catch (error) {
        set({ error, busy: false });
      }
    },
    async export(collection, format, signing) {
      set({ error: undefined });
      try {
        const file = await api.call('collections.export', {
          collection,
          format,
          ...(signing ? { signing } : {}),
        });
        if (file.base64) downloadBase64(file.fileName, file.base64, file.mediaType);
        else if (file.text !== undefined) downloadText(file.fileName, file.text, file.mediaType);
      } catch (error) {
        set({ error });
      }
    },
    async open(collection, saved) {
      const composer = useComposerStore.getState();
      if (!composer.catalogue) await composer.loadCatalogue();
      const endpoints = useComposerStore.getState().catalogue?.endpoints ?? [];
      useOpenCollection.getState().open(
        collection.name,
        // A secret has no value here (its value is a target's, sealed): never sent empty.
        Object.fromEntries(
          collection.variables.filter((v) => !v.secret).map((v) => [v.key, v.value]),
        ),
        scriptsOfSaved(collection, saved.id),
      );
      useComposerStore
        .getState()
        .loadDraft(draftOfSaved(saved.request, saved.operationId, endpoints));
      useComposerStore.getState().say(`Opened “${saved.name}” from ${collection.name}`);
    },
  };
});
