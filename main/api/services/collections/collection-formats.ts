/**
 * The collection files in and out for the collections service: which converter a format takes
 * (core/collections), a Bruno collection as a zip (the runner's zip reader and writer), and an
 * OpenAPI document from a target's `/openapi.json`. Every refusal names what was wrong.
 */
import {
  CollectionFormatError,
  type Collection,
  type CollectionFile,
  type ExportOptions,
  type ImportContext,
  type ImportedCollection,
} from '../../../core/collections/index.js';
import { readZip, writeZip, ZipError } from '../../../core/runner/index.js';
import { MAX_COLLECTION_FILE_CHARS } from '../../../shared/collection-limits.js';
import { CallRefused } from '../../dispatch.js';
import { collectionFormats as formats } from './format-libraries.js';
import type { CallArgs } from '../../contract/index.js';
import type { CollectionExportView } from '../../contract/collections.js';

/** Reads the OpenAPI document a target serves; refuses naming why it could not. */
export type OpenApiSource = (targetId: string) => Promise<unknown>;

/** A Bruno collection is text files; a zip of one holds nothing bigger. */
const MAX_BRUNO_ZIP_BYTES = 50 * 1024 * 1024;

function brunoFilesOfZip(base64: string): CollectionFile[] {
  let entries;
  try {
    entries = readZip(Buffer.from(base64, 'base64'), MAX_BRUNO_ZIP_BYTES);
  } catch (error) {
    if (error instanceof ZipError)
      throw new CollectionFormatError(`The Bruno zip could not be read: ${error.message}`);
    throw error;
  }
  return entries
    .filter((e) => !e.name.endsWith('/'))
    .map((e) => ({ path: e.name, text: e.content.toString('utf8') }));
}

/**
 * A Postman file of the shapes Postman writes is read without its SDK (postman-plain.ts), so
 * neither optional format library loads; any other file is read by the SDK (postman.ts).
 */
async function postmanImport(text: string, ctx: ImportContext): Promise<ImportedCollection> {
  const [{ importedPostman, postmanFile }, { plainPostmanParts }] = await Promise.all([
    import('../../../core/collections/postman-import.js'),
    import('../../../core/collections/postman-plain.js'),
  ]);
  const file = postmanFile(text);
  const parts = plainPostmanParts(file) ?? (await formats()).sdkPostmanParts(file);
  return importedPostman(file, parts, ctx);
}

/** OpenAPI needs none of the optional format libraries (format-libraries.ts): loaded apart. */
async function openApiFormat() {
  const [{ importOpenApi }, { parsedOpenApiDocument }] = await Promise.all([
    import('../../../core/collections/openapi.js'),
    import('../../../core/collections/openapi-document.js'),
  ]);
  return { importOpenApi, parsedOpenApiDocument };
}

function needs<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new CallRefused(`Give ${what}.`);
  return value;
}

export async function importedCollection(
  args: CallArgs<'collections.import'>,
  ctx: ImportContext,
  openApiOf?: OpenApiSource,
): Promise<ImportedCollection> {
  try {
    switch (args.format) {
      case 'postman':
        return await postmanImport(needs(args.text, 'the Postman collection file (text)'), ctx);
      case 'bruno': {
        const { importBruno } = await formats();
        const files = args.files ?? (args.zipBase64 ? brunoFilesOfZip(args.zipBase64) : undefined);
        return importBruno(needs(files, 'the Bruno collection folder (files) or a zip of it'), ctx);
      }
      case 'openapi': {
        const { importOpenApi, parsedOpenApiDocument } = await openApiFormat();
        if (args.targetId) {
          if (!openApiOf) throw new CallRefused('This host cannot read a target’s /openapi.json.');
          return importOpenApi(await openApiOf(args.targetId), ctx, args.name);
        }
        const text = needs(args.text, 'the OpenAPI document (text) or a targetId');
        return importOpenApi(parsedOpenApiDocument(text), ctx, args.name);
      }
      case 'har': {
        const { importHar } = await import('../../../core/collections/har.js');
        return importHar(needs(args.text, 'the HAR file (text)'), ctx, args.name);
      }
      case 'curl': {
        const { importCurl } = await import('../../../core/collections/curl.js');
        return importCurl(needs(args.text, 'the curl command (text)'), ctx, args.name);
      }
    }
  } catch (error) {
    if (error instanceof CollectionFormatError) throw new CallRefused(error.message);
    throw error;
  }
}

/**
 * A Postman file indented, as Postman writes it; without indentation when indented it would be
 * over the import limit, so that every export imports again: the indentation of a big collection
 * with deep folders is most of its characters (20,000 requests twenty folders deep are 40 MB
 * indented).
 */
function postmanText(document: object): string {
  const indented = `${JSON.stringify(document, null, 2)}\n`;
  // Bytes: the CLI sizes the file in bytes, the contract the text in characters (never more).
  return Buffer.byteLength(indented) <= MAX_COLLECTION_FILE_CHARS
    ? indented
    : `${JSON.stringify(document)}\n`;
}

/** A Bruno collection folder as a zip; one too big for a ZIP is refused naming the limit. */
function brunoZip(name: string, stem: string, files: readonly CollectionFile[]): string {
  try {
    return writeZip(
      files.map((f) => ({ name: `${stem}/${f.path}`, content: Buffer.from(f.text, 'utf8') })),
    ).toString('base64');
  } catch (error) {
    if (!(error instanceof ZipError)) throw error;
    throw new CallRefused(
      `The Bruno zip of '${name}' could not be written: ${error.message}. Export it as a folder: workbench collection export '${name}' --format bruno --out FOLDER.`,
    );
  }
}

/** `folder`: a Bruno collection's files only, without the zip (the CLI writes a folder). */
export async function exportedCollection(
  collection: Collection,
  format: CallArgs<'collections.export'>['format'],
  options: ExportOptions = {},
  folder = false,
): Promise<CollectionExportView> {
  const { exportBruno, exportPostman, safeFileName } = await formats();
  const stem = safeFileName(collection.name, 'collection');
  if (format === 'postman')
    return {
      fileName: `${stem}.postman_collection.json`,
      mediaType: 'application/json',
      text: postmanText(exportPostman(collection, options)),
    };
  const files = exportBruno(collection, options);
  return {
    fileName: `${stem}.bruno.zip`,
    mediaType: 'application/zip',
    ...(folder ? {} : { base64: brunoZip(collection.name, stem, files) }),
    files,
  };
}
