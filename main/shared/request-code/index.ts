/**
 * A recorded request as code, in the languages the copy menus offer: curl replays the exact
 * bytes sent (its signature included); the programs sign afresh, since no mainstream client signs
 * §5.2 requests. Pure.
 */
import { curlCommand } from '../curl-command.js';
import type { RecordedRequest } from './code-request.js';
import { javaHttpClientProgram } from './java-http-client.js';
import { nodeFetchProgram } from './node-fetch.js';

export { CodeRequestError, type RecordedRequest } from './code-request.js';

export const CODE_LANGUAGES = [
  { id: 'curl', label: 'curl', render: curlCommand },
  { id: 'node', label: 'Node fetch', render: nodeFetchProgram },
  { id: 'java', label: 'Java HttpClient', render: javaHttpClientProgram },
] as const;

export type CodeLanguage = (typeof CODE_LANGUAGES)[number]['id'];

/** The request in `language`; a request that cannot become code gets an error naming why. */
export function requestCode(language: CodeLanguage, request: RecordedRequest): string {
  const entry = CODE_LANGUAGES.find((candidate) => candidate.id === language);
  if (!entry) throw new Error(`no code generator for '${String(language)}'`);
  return entry.render(request);
}
