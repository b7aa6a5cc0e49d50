/** Reading a collection file's text as JSON, with an error that says where it is not. Pure. */
import { CollectionFormatError } from './model.js';

export function parsedJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new CollectionFormatError(`${what} is not JSON: ${(error as Error).message}.`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
