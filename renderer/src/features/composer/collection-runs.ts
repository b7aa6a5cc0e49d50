/**
 * Running a collection or a folder from the Collections panel (docs/collections.md, "Running a
 * collection"): main sends each request as the composer sends it and judges its assertions; each
 * request's result arrives as it is known, and the whole run with its JUnit and JSON at the end.
 */
import { create } from 'zustand';
import type { CollectionRunRequestView, CollectionRunView } from '../../../../main/api/contract';
import { api } from '../../api';
import { downloadText } from '../../lib/download';

export interface CollectionRunState {
  /** What runs now or ran last: the collection and the folder's path. */
  run?: { collection: string; folder?: string; targetId: string };
  running: boolean;
  requests: CollectionRunRequestView[];
  result?: CollectionRunView;
  error?: unknown;
  start(collection: string, targetId: string, folder?: string): Promise<void>;
  progress(collection: string, request: CollectionRunRequestView): void;
  save(format: 'junit' | 'json'): void;
}

export const useCollectionRuns = create<CollectionRunState>((set, get) => ({
  running: false,
  requests: [],
  async start(collection, targetId, folder) {
    if (get().running) return;
    set({
      run: { collection, targetId, ...(folder !== undefined ? { folder } : {}) },
      running: true,
      requests: [],
      result: undefined,
      error: undefined,
    });
    try {
      const result = await api.call('collections.run', {
        collection,
        targetId,
        ...(folder !== undefined ? { folder } : {}),
      });
      // The final result is the whole list, whatever progress events a slow view missed.
      set({ result, requests: result.requests, running: false });
    } catch (error) {
      set({ error, running: false });
    }
  },
  progress(collection, request) {
    const { run, running, requests } = get();
    if (!running || run?.collection !== collection) return;
    set({ requests: [...requests, request] });
  },
  save(format) {
    const result = get().result;
    if (!result) return;
    const base = `${result.collection}${result.folder ? ` - ${result.folder}` : ''}`.replace(
      /[^\w .-]+/g,
      '_',
    );
    if (format === 'junit') downloadText(`${base}.junit.xml`, result.junit, 'application/xml');
    else downloadText(`${base}.run.json`, result.json);
  },
}));
