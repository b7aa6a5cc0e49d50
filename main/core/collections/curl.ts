/**
 * curl commands as a collection: what a browser's "copy as cURL", a bank's documentation or the
 * workbench's own "copy as curl" give. Each `curl …` command of the text is one request; options
 * that say what is sent (method, URL, headers, data) are read as curl reads them, the ones about
 * the transport are left out with a note (the workbench sends with the target's certificates and
 * signs, §5.2). Nothing of the text is run. Pure.
 */
import { authLeftOut } from './imported-collection.js';
import { ImportNotes } from './import-notes.js';
import type { ImportedEntry } from './imported-request.js';
import {
  CollectionFormatError,
  type ImportContext,
  type ImportedCollection,
  type SavedRequestItem,
} from './model.js';
import { shellCommands } from './shell-words.js';
import { trafficRequestItem, type TrafficRequest } from './traffic-request.js';

/** Options whose value is data sent as the body (curl joins several with '&'). */
const DATA = new Set(['-d', '--data', '--data-ascii', '--data-binary', '--data-raw']);
/** Options whose value is a credential the workbench does not use. */
const AUTH = new Set(['-u', '--user', '--oauth2-bearer', '--proxy-user', '-U']);
/** Options naming key or certificate files: the target's own are used. */
const TLS_FILES = new Set([
  '-E',
  '--cert',
  '--key',
  '--cacert',
  '--capath',
  '--cert-type',
  '--key-type',
  '--pass',
  '--crlfile',
  '--pinnedpubkey',
]);
/** Options with a value about how curl transports or prints, not what is sent. */
const TRANSPORT_WITH_VALUE = new Set([
  '-o',
  '--output',
  '-w',
  '--write-out',
  '--connect-timeout',
  '-m',
  '--max-time',
  '--retry',
  '--retry-delay',
  '--retry-max-time',
  '-x',
  '--proxy',
  '--resolve',
  '--connect-to',
  '-D',
  '--dump-header',
  '--limit-rate',
  '-c',
  '--cookie-jar',
  '--interface',
  '--max-redirs',
  '--proto',
  '--proto-redir',
  '--trace',
  '--trace-ascii',
  '--stderr',
  '--unix-socket',
  '--ciphers',
  '--tls-max',
  '--expect100-timeout',
  '-Y',
  '--speed-limit',
  '-y',
  '--speed-time',
]);
/** Flags about the transport or the output, without a value. */
const TRANSPORT_FLAGS = new Set([
  '-s',
  '--silent',
  '-S',
  '--show-error',
  '-k',
  '--insecure',
  '-L',
  '--location',
  '--compressed',
  '-i',
  '--include',
  '-v',
  '--verbose',
  '-f',
  '--fail',
  '--fail-with-body',
  '-g',
  '--globoff',
  '-N',
  '--no-buffer',
  '--http1.1',
  '--http2',
  '--http2-prior-knowledge',
  '-#',
  '--progress-bar',
  '--tlsv1.2',
  '--tlsv1.3',
  '--tr-encoding',
  '--basic',
  '--digest',
  '--negotiate',
  '--ntlm',
  '--anyauth',
  '-n',
  '--netrc',
  '--location-trusted',
  '-q',
  '--disable',
  '--path-as-is',
  '--raw',
  '--no-keepalive',
  '--ssl-reqd',
  '-1',
  '--tlsv1',
  '-4',
  '-6',
]);
/** Short options that take a value (so `-XPOST` is -X with POST). */
const SHORT_WITH_VALUE = new Set('dXHuEAebxoDmcwFTUyY'.split('').map((c) => `-${c}`));

interface Reading {
  method?: string;
  url?: string;
  headers: ImportedEntry[];
  data: string[];
  get: boolean;
  json: boolean;
}

function header(text: string): ImportedEntry | undefined {
  // `Name;` sends the header with an empty value; `Name:` alone removes a header curl adds.
  const semicolon = /^([^:;]+);\s*$/.exec(text);
  if (semicolon) return { name: semicolon[1]!.trim(), value: '', enabled: true };
  const colon = text.indexOf(':');
  if (colon <= 0) return undefined;
  const value = text.slice(colon + 1).trim();
  return value === '' ? undefined : { name: text.slice(0, colon).trim(), value, enabled: true };
}

/** Splits `-XPOST` into -X and POST; long options and flags stay as they are. */
function optionAndValue(word: string): { option: string; attached?: string } {
  if (word.startsWith('--') || word.length <= 2) return { option: word };
  const option = word.slice(0, 2);
  return SHORT_WITH_VALUE.has(option) ? { option, attached: word.slice(2) } : { option: word };
}

/** One option (and its value from `next` when it takes one); returns how many words it used. */
function readOption(
  word: string,
  next: string | undefined,
  reading: Reading,
  notes: ImportNotes,
): number {
  const { option, attached } = optionAndValue(word);
  const takesValue =
    DATA.has(option) ||
    AUTH.has(option) ||
    TLS_FILES.has(option) ||
    TRANSPORT_WITH_VALUE.has(option) ||
    [
      '-X',
      '--request',
      '-H',
      '--header',
      '--url',
      '--json',
      '--data-urlencode',
      '-A',
      '--user-agent',
      '-e',
      '--referer',
      '-b',
      '--cookie',
      '-F',
      '--form',
      '--form-string',
      '-T',
      '--upload-file',
    ].includes(option);
  const value = attached ?? next;
  if (takesValue && value === undefined)
    throw new CollectionFormatError(`The curl option ${option} needs a value.`);
  const used = takesValue && attached === undefined ? 2 : 1;
  const v = value!;
  if (option === '-X' || option === '--request') reading.method = v;
  else if (option === '--url') reading.url ??= v;
  else if (option === '-H' || option === '--header') {
    if (v.startsWith('@'))
      notes.add(
        'curl:header-file',
        () => `Left out headers read from a file (${v}): the file is not part of the text.`,
      );
    else {
      const entry = header(v);
      if (entry) reading.headers.push(entry);
    }
  } else if (option === '-A' || option === '--user-agent')
    reading.headers.push({ name: 'User-Agent', value: v, enabled: true });
  else if (option === '-e' || option === '--referer')
    reading.headers.push({ name: 'Referer', value: v, enabled: true });
  else if (DATA.has(option) || option === '--data-urlencode' || option === '--json') {
    if (v.startsWith('@') && option !== '--data-raw')
      notes.add(
        'curl:data-file',
        () => `Left out data read from a file (${v}): the file is not part of the text.`,
      );
    else reading.data.push(v);
    if (option === '--json') reading.json = true;
  } else if (option === '-G' || option === '--get') reading.get = true;
  else if (option === '-I' || option === '--head') reading.method = 'HEAD';
  else if (AUTH.has(option))
    authLeftOut(notes, 'curl', (n) => (n === 1 ? 'the command' : `${n} commands`));
  else if (TLS_FILES.has(option))
    notes.add(
      `curl:${option}`,
      () => `Left out ${option}: the workbench sends with the target's certificates (§5.2).`,
    );
  else if (option === '-b' || option === '--cookie')
    notes.add(
      'curl:cookie',
      (n) => `Left out the cookies of ${n} command(s): the bank's API does not use them.`,
    );
  else if (
    option === '-F' ||
    option === '--form' ||
    option === '--form-string' ||
    option === '-T' ||
    option === '--upload-file'
  )
    notes.add(
      `curl:${option}`,
      () => `Left out ${option}: the composer sends JSON bodies, not forms or uploaded files.`,
    );
  else if (!TRANSPORT_FLAGS.has(option) && !TRANSPORT_WITH_VALUE.has(option))
    notes.add(
      `curl:unknown:${option}`,
      () => `Left out the curl option ${option}, which the import does not know.`,
    );
  return used;
}

function commandRequest(words: readonly string[], notes: ImportNotes): TrafficRequest {
  const reading: Reading = { headers: [], data: [], get: false, json: false };
  for (let i = 1; i < words.length;) {
    const word = words[i]!;
    if (word.startsWith('-') && word !== '-') i += readOption(word, words[i + 1], reading, notes);
    else {
      if (reading.url === undefined) reading.url = word;
      else notes.add('curl:more-urls', () => 'Left out the URLs after the first of a command.');
      i += 1;
    }
  }
  if (reading.url === undefined) throw new CollectionFormatError('A curl command has no URL.');
  const body = reading.data.length ? reading.data.join('&') : undefined;
  if (reading.json) {
    for (const name of ['Content-Type', 'Accept'])
      if (!reading.headers.some((h) => h.name.toLowerCase() === name.toLowerCase()))
        reading.headers.push({ name, value: 'application/json', enabled: true });
  }
  if (reading.get && body !== undefined) {
    const url = `${reading.url}${reading.url.includes('?') ? '&' : '?'}${body}`;
    return { method: reading.method ?? 'GET', url, headers: reading.headers };
  }
  const mediaType = reading.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value;
  return {
    method: reading.method ?? (body !== undefined ? 'POST' : 'GET'),
    url: reading.url,
    headers: reading.headers,
    ...(body !== undefined ? { body } : {}),
    // curl sends -d data as a form unless a Content-Type says otherwise.
    ...(body !== undefined
      ? { mediaType: mediaType ?? (reading.json ? 'application/json' : '') }
      : {}),
  };
}

/** The curl commands of `text` as one collection named `name`. */
export function importCurl(text: string, ctx: ImportContext, name = 'curl'): ImportedCollection {
  const commands = shellCommands(text).filter((words) => words.length > 0);
  const curls = commands.filter((words) => words[0] === 'curl' || words[0]!.endsWith('/curl'));
  if (curls.length === 0) throw new CollectionFormatError('The text has no curl command.');
  const notes = new ImportNotes();
  if (curls.length < commands.length)
    notes.add(
      'curl:not-curl',
      () => `Left out ${commands.length - curls.length} command(s) that are not curl.`,
    );
  const items = curls
    .map((words) => trafficRequestItem(commandRequest(words, notes), notes, ctx))
    .filter((item): item is SavedRequestItem => item !== undefined);
  return { collection: { name, variables: [], items }, notes: notes.list() };
}
