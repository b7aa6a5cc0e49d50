/**
 * A shell command line as the words the shell would pass to the program, for commands pasted from
 * a browser's or a tool's "copy as cURL": POSIX quoting ('…', "…" with its four escapes, a
 * backslash outside quotes), bash's $'…' (Chrome's "copy as cURL (bash)" writes bodies with it)
 * and backslash-newline continuations. Nothing is expanded or run: `$VAR` and `$(…)` stay text.
 * Pure.
 */
import { CollectionFormatError } from './model.js';

/** One command of the text: its words, split where the shell would end a command (; && || |, newline). */
export type ShellCommand = string[];

const ANSI_C_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** The text of a $'…' word from `start` (after the $'), and where it ends (after the closing '). */
function ansiC(text: string, start: number): { value: string; end: number } {
  let value = '';
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'") return { value, end: i + 1 };
    if (c !== '\\') {
      value += c;
      continue;
    }
    const next = text[++i] ?? '';
    const hex = /^x([0-9A-Fa-f]{1,2})/.exec(text.slice(i));
    const unicode = /^u([0-9A-Fa-f]{1,4})|^U([0-9A-Fa-f]{1,8})/.exec(text.slice(i));
    const octal = /^[0-7]{1,3}/.exec(text.slice(i));
    if (hex) {
      value += String.fromCharCode(Number.parseInt(hex[1]!, 16));
      i += hex[0].length - 1;
    } else if (unicode) {
      value += String.fromCodePoint(Number.parseInt(unicode[1] ?? unicode[2]!, 16));
      i += unicode[0].length - 1;
    } else if (octal) {
      value += String.fromCharCode(Number.parseInt(octal[0], 8));
      i += octal[0].length - 1;
    } else value += ANSI_C_ESCAPES[next] ?? `\\${next}`;
  }
  throw new CollectionFormatError("The command has a $'…' quote that is never closed.");
}

/** The commands of a text, each as its words. */
export function shellCommands(text: string): ShellCommand[] {
  const commands: ShellCommand[] = [];
  let words: string[] = [];
  let word: string | undefined;
  const endWord = () => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };
  const endCommand = () => {
    endWord();
    if (words.length) commands.push(words);
    words = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') {
      const next = text[i + 1];
      i++;
      if (next === '\n' || (next === '\r' && text[i + 1] === '\n')) {
        if (next === '\r') i++;
        continue;
      }
      if (next !== undefined) word = (word ?? '') + next;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0)
        throw new CollectionFormatError("The command has a quote (') that is never closed.");
      word = (word ?? '') + text.slice(i + 1, end);
      i = end;
    } else if (c === '$' && text[i + 1] === "'") {
      const { value, end } = ansiC(text, i + 2);
      word = (word ?? '') + value;
      i = end - 1;
    } else if (c === '"') {
      let value = '';
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        // Inside "…" a backslash escapes only $ ` " \ and a newline (POSIX 2.2.3).
        if (text[j] === '\\' && '$`"\\\n'.includes(text[j + 1] ?? '')) {
          j++;
          if (text[j] !== '\n') value += text[j];
        } else value += text[j];
      }
      if (j >= text.length)
        throw new CollectionFormatError('The command has a quote (") that is never closed.');
      word = (word ?? '') + value;
      i = j;
    } else if (c === '\n' || c === ';' || c === '|' || c === '&') {
      endCommand();
    } else if (c === ' ' || c === '\t' || c === '\r') {
      endWord();
    } else if (c === '#' && word === undefined) {
      // A comment runs to the end of the line.
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end - 1;
    } else word = (word ?? '') + c;
  }
  endCommand();
  return commands;
}
