/**
 * How big a collection the workbench imports, one limit for every way in: the contract refuses a
 * longer text, the CLI a bigger file before it reads it, the UI before it sends it. A Postman
 * file of 200,000 requests (57 MB) took minutes and more than a gigabyte to import; 20 million
 * characters keep an import to seconds. A file of that many bytes has at most that many
 * characters, so a file the CLI reads is never one the contract refuses.
 */
export const MAX_COLLECTION_FILE_CHARS = 20_000_000;

/** A Bruno zip travels as base64, four characters for three bytes. */
export const MAX_COLLECTION_ZIP_BYTES = Math.floor((MAX_COLLECTION_FILE_CHARS * 3) / 4);

/**
 * The fewest bytes of a file the Bruno exporter writes besides `bruno.json` and `collection.bru`:
 * a `folder.bru` with its name and seq, `meta {\n  name: x\n  seq: 1\n}\n` (a request's `.bru`
 * has more). A test holds the exporter to it.
 */
export const MIN_EXPORTED_BRU_BYTES = 28;

/**
 * The most files (and, apart, folders) of a Bruno collection folder an import reads. Any folder
 * the workbench exports is read back: within MAX_COLLECTION_FILE_CHARS its files of at least
 * MIN_EXPORTED_BRU_BYTES number at most this many (a collection of 20,000 requests writes
 * 20,000 files; 5,000 refused it). The bound still stops a hostile folder of empty files, which
 * the size limit alone lets through.
 */
export const MAX_BRUNO_FILES = Math.ceil(MAX_COLLECTION_FILE_CHARS / MIN_EXPORTED_BRU_BYTES) + 2;

/** The refusal of a file over the limit: its size and the limit, in the same unit. */
export function collectionTooBig(what: string, size: number, limit: number, unit: string): string {
  return `${what} is ${size} ${unit}, more than the ${limit} a collection to import may have.`;
}
