/**
 * Scripts of Postman and Bruno files (main/core/collections/inert-scripts.ts): kept as inert text
 * on the collection, folder and request that carried them, stored in collections.json's schema,
 * exported back with the same lines, and never run — a script that would spawn a process and
 * write a file leaves no file behind.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ComposedRequestSchema } from '../../../main/api/contract/tpp.js';
import {
  collectionsFileSchema,
  requestsOf,
  type Collection,
} from '../../../main/core/collections/index.js';
import {
  exportBruno,
  exportPostman,
  importBruno,
  importPostman,
} from '../../../main/core/collections/formats.js';
import { fixedContext, fixtureText, folderFiles } from './fixtures.js';

interface PostmanEvent {
  listen: string;
  script: { exec: string[] };
}
interface PostmanNode {
  event?: PostmanEvent[];
  item?: PostmanNode[];
}

const POSTMAN = 'postman/scripts.postman_collection.json';
const postmanFile = () => JSON.parse(fixtureText(POSTMAN)) as PostmanNode;
const brunoFiles = () => folderFiles('bruno/scripts', 'scripts/');

/** Each level's events as listen and exec lines only (Postman adds ids of its own). */
function eventsOf(node: PostmanNode): { listen: string; exec: string[] }[] {
  return (node.event ?? []).map((e) => ({ listen: e.listen, exec: e.script.exec }));
}

/** The script and tests blocks of a .bru file, verbatim. */
function bruBlocks(text: string): string[] {
  return [
    ...text.matchAll(/^(?:script:pre-request|script:post-response|tests) \{\n[\s\S]*?\n\}$/gm),
  ].map((m) => m[0]);
}

let markDir: string;
let mark: string;
beforeEach(() => {
  markDir = mkdtempSync(join(tmpdir(), 'inert-scripts-'));
  mark = join(markDir, 'ran');
  process.env.WORKBENCH_INERT_SCRIPT_MARK = mark;
});
afterEach(() => {
  delete process.env.WORKBENCH_INERT_SCRIPT_MARK;
  rmSync(markDir, { recursive: true, force: true });
});

function storable(collection: Collection): boolean {
  return Value.Check(collectionsFileSchema(ComposedRequestSchema), [collection]);
}

describe('Postman scripts', () => {
  it('are kept as text on the collection, the folder and the request, and noted as not run', () => {
    const { collection, notes } = importPostman(fixtureText(POSTMAN), fixedContext());
    expect(collection.scripts?.map((s) => s.phase)).toEqual(['pre-request', 'tests']);
    const folder = collection.items[0]!;
    expect(folder.scripts?.[0]).toEqual({
      phase: 'pre-request',
      text: '\tpm.variables.set("psuIpAddress", "192.0.2.10");  ',
    });
    const [create] = requestsOf(collection);
    expect(create!.scripts?.[0]?.text).toContain("require('child_process')");
    expect(storable(collection)).toBe(true);
    const said = notes.join('\n');
    expect(said).toMatch(/Kept the scripts and tests of 1 request as text, not run/);
    expect(said).toMatch(/of 1 folder\(s\) as text/);
    expect(said).toMatch(/of the collection as text/);
    expect(said).not.toMatch(/Left out the scripts/);
  });

  it('go back out as the same events with the same lines at every level', () => {
    const original = postmanFile();
    const exported = exportPostman(importPostman(fixtureText(POSTMAN), fixedContext()).collection);
    const back = exported as PostmanNode;
    expect(eventsOf(back)).toEqual(eventsOf(original));
    expect(eventsOf(back.item![0]!)).toEqual(eventsOf(original.item![0]!));
    expect(eventsOf(back.item![0]!.item![0]!)).toEqual(eventsOf(original.item![0]!.item![0]!));
  });

  it('are never run: a script that would write a file leaves none', () => {
    const { collection } = importPostman(fixtureText(POSTMAN), fixedContext());
    exportBruno(collection);
    importPostman(JSON.stringify(exportPostman(collection)), fixedContext());
    expect(existsSync(mark)).toBe(false);
  });
});

describe('Bruno scripts', () => {
  it('are kept as text on the collection, the folder and the request', () => {
    const { collection, notes } = importBruno(brunoFiles(), fixedContext());
    expect(collection.scripts?.map((s) => s.phase)).toEqual([
      'pre-request',
      'post-response',
      'tests',
    ]);
    expect(collection.items[0]!.scripts?.map((s) => s.phase)).toEqual(['pre-request', 'tests']);
    const [create] = requestsOf(collection);
    expect(create!.scripts?.find((s) => s.phase === 'post-response')?.text).toBe(
      'bru.setVar("consentId", res.body.consentId);',
    );
    expect(storable(collection)).toBe(true);
    expect(notes.join('\n')).toMatch(/Kept the scripts and tests of 1 request as text, not run/);
  });

  it('go back out as the same blocks, byte for byte, in each file', () => {
    const original = brunoFiles();
    const exported = exportBruno(importBruno(original, fixedContext()).collection);
    for (const path of ['collection.bru', 'Consents/folder.bru', 'Consents/Create consent.bru']) {
      const before = bruBlocks(original.find((f) => f.path === `scripts/${path}`)!.text);
      const after = bruBlocks(exported.find((f) => f.path === path)!.text);
      expect(before.length, path).toBeGreaterThan(0);
      expect(after, path).toEqual(before);
    }
  });

  it('are never run: a script that would write a file leaves none', () => {
    const { collection } = importBruno(brunoFiles(), fixedContext());
    exportPostman(collection);
    importBruno(exportBruno(collection), fixedContext());
    expect(existsSync(mark)).toBe(false);
  });

  it('cross over: Bruno blocks become Postman events and come back to Bruno unchanged', () => {
    const { collection } = importBruno(brunoFiles(), fixedContext());
    const viaPostman = importPostman(JSON.stringify(exportPostman(collection)), fixedContext());
    const [create] = requestsOf(viaPostman.collection);
    const texts = requestsOf(collection)[0]!.scripts?.map((s) => s.text);
    expect(texts).toHaveLength(3);
    expect(create!.scripts?.map((s) => s.text)).toEqual(texts);
  });
});
