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

/** The most files of a Bruno collection folder an import reads. */
export const MAX_BRUNO_FILES = 5000;

/** The refusal of a file over the limit: its size and the limit, in the same unit. */
export function collectionTooBig(what: string, size: number, limit: number, unit: string): string {
  return `${what} is ${size} ${unit}, more than the ${limit} a collection to import may have.`;
}
