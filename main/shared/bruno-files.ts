/**
 * Which files of a folder make a Bruno collection: its `bruno.json` and `.bru` files, never those
 * under `node_modules` or a hidden folder (`.git`). The UI's folder picker and the CLI read only
 * these, so a collection folder with dependencies beside it stays small to send.
 */
const BRUNO_FILE = /(^|\/)(bruno\.json|[^/]+\.bru)$/;
const SKIPPED_FOLDER = /(^|\/)(node_modules|\.[^/]*)\//;

/** `path` is inside the collection folder, `/`-separated. */
export function isBrunoCollectionFile(path: string): boolean {
  return BRUNO_FILE.test(path) && !SKIPPED_FOLDER.test(path);
}
