/**
 * Saved requests in named collections with folders (issue 32 item 3), as plain data: what the
 * workbench keeps in `collections.json` and what every import and export converts to and from.
 * Pure; no file, no renderer.
 */
import type { RequestAssertion } from './assertions.js';

export type CollectionMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export const COLLECTION_METHODS: readonly CollectionMethod[] = [
  'GET',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
];

/** A request as the composer sends it (the contract's ComposedRequest). */
export interface CollectionRequest {
  method: CollectionMethod;
  /** A path below the target's base URL, or an absolute URL; may hold `{{name}}` references. */
  path: string;
  query?: Record<string, string>;
  /** `null` removes a header the client would add. */
  headers?: Record<string, string | null>;
  /** JSON text sent byte for byte. */
  body?: string;
  sign?: boolean;
}

/** When a client that runs collection scripts would run one (Postman `prerequest`/`test`). */
export type ScriptPhase = 'pre-request' | 'post-response' | 'tests';
export const SCRIPT_PHASES: readonly ScriptPhase[] = ['pre-request', 'post-response', 'tests'];

/**
 * A script an imported file carried (a Postman event, a Bruno `script:*` or `tests` block), kept
 * as inert text so an export gives it back unchanged: the workbench never runs it, since a
 * collection file is untrusted input and its checks live in the suites.
 */
export interface InertScript {
  phase: ScriptPhase;
  text: string;
}

export interface SavedRequestItem {
  kind: 'request';
  id: string;
  name: string;
  description?: string;
  /** The catalogue operation it was composed from (or that an OpenAPI document named). */
  operationId?: string;
  request: CollectionRequest;
  scripts?: InertScript[];
  /** What a collection run expects of the answer (assertions.ts); judged, never a script. */
  assertions?: RequestAssertion[];
  savedAt: string;
}

export interface FolderItem {
  kind: 'folder';
  id: string;
  name: string;
  description?: string;
  scripts?: InertScript[];
  items: CollectionItem[];
}

export type CollectionItem = SavedRequestItem | FolderItem;

/** A `{{key}}` the collection defines (Postman collection variables, Bruno collection vars). */
export interface CollectionVariable {
  key: string;
  value: string;
  /**
   * Postman's `type: "secret"`: kept with no value, since a secret's value lives only sealed in a
   * target's environment (docs/variables.md, "Secret values"); exported secret, empty.
   */
  secret?: true;
}

export interface Collection {
  name: string;
  description?: string;
  variables: CollectionVariable[];
  scripts?: InertScript[];
  items: CollectionItem[];
}

/** A collection read from a file, and what of the file the workbench left out, in words. */
export interface ImportedCollection {
  collection: Collection;
  notes: string[];
}

/** What an export adds to the collection itself. */
export interface ExportOptions {
  /**
   * Sign every request outside the workbench (§5.2): a collection-level pre-request script and
   * the variables it reads the key and certificate from (signing-script.ts).
   */
  signing?: boolean;
}

/** Where an import takes ids and the time of saving from (tests pass fixed ones). */
export interface ImportContext {
  newId(): string;
  now: string;
}

/** A file of a collection that is a folder of files (Bruno), by its path inside that folder. */
export interface CollectionFile {
  path: string;
  text: string;
}

/** A file that is not the collection format it was given as: the message names what is wrong. */
export class CollectionFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CollectionFormatError';
  }
}
