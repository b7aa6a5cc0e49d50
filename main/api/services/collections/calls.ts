/** The saved collections' calls (contract/collections.ts). */
import type { AreaCalls } from '../area-calls.js';
import type { CollectionsService } from './collections-service.js';
import type { EventHub } from '../../events.js';
import { runSavedCollection, type CollectionRunDeps } from './collection-runs.js';
import { renderRunReport } from './run-report.js';

export function implementCollectionsCalls(
  collections: CollectionsService,
  run: Omit<CollectionRunDeps, 'collections'> & { events: EventHub },
): AreaCalls<'collections'> {
  return {
    'collections.list': () => collections.list(),
    'collections.saveRequest': (args) => collections.saveRequest(args),
    'collections.create': ({ collection }) => collections.create(collection),
    'collections.rename': ({ collection, to }) => collections.rename(collection, to),
    'collections.remove': ({ collection }) => collections.remove(collection),
    'collections.addFolder': (args) => collections.addFolder(args),
    'collections.renameItem': ({ collection, id, name }) =>
      collections.renameItem(collection, id, name),
    'collections.removeItem': ({ collection, id }) => collections.removeItem(collection, id),
    'collections.moveItem': ({ collection, id, folderId }) =>
      collections.moveItem(collection, id, folderId),
    'collections.import': (args) => collections.import(args),
    'collections.export': (args) => collections.export(args),
    'collections.setAssertions': ({ collection, id, assertions }) =>
      collections.setAssertions(collection, id, assertions),
    'collections.run': async (args) => {
      const result = await runSavedCollection({ ...run, collections }, args, (request) =>
        run.events.emit('collections.runProgress', { collection: args.collection, request }),
      );
      return {
        ...result,
        junit: renderRunReport(result, 'junit'),
        json: renderRunReport(result, 'json'),
      };
    },
  };
}
