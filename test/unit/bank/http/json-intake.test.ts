/**
 * JsonIntake (http/json-intake.ts): a JSON document parsed from pieces reads as JSON.parse reads
 * the whole text, wherever the pieces are cut, and a document that is not JSON is named.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JsonIntake, readJsonFile } from '../../../../main/core/bank/http/json-intake.js';

function intake(pieces: Uint8Array[]) {
  const parser = new JsonIntake();
  for (const piece of pieces) parser.write(piece);
  return { result: parser.end(), bytes: parser.bytes };
}

/** `bytes` cut into two pieces at `at`. */
const cut = (bytes: Buffer, at: number) => [bytes.subarray(0, at), bytes.subarray(at)];

describe('JsonIntake', () => {
  const documents = [
    '{"a":1,"b":[1,2,{"c":"é"}],"d":null,"e":true,"f":false}',
    '{"name":"Zoë Ünal 𝄞 日本","escaped":"\\u00e9\\n\\"\\\\\\/","n":-12.5e-3}',
    '\ufeff{"bom":"ignored"}',
    '  {"spaced": [ 1 , 2 ] }\n',
    '{"a":1,"a":2}',
    '[{"x":[[[]]]},{}]',
    '42',
    '"text"',
  ];

  it('reads every document as JSON.parse does, wherever the pieces are cut', () => {
    for (const text of documents) {
      const bytes = Buffer.from(text, 'utf8');
      const expected = JSON.parse(text.replace(/^\ufeff/, ''));
      for (let at = 0; at <= bytes.length; at++) {
        const { result, bytes: counted } = intake(cut(bytes, at));
        expect(result, `${text} cut at ${at}`).toEqual({ value: expected });
        expect(counted).toBe(bytes.length);
      }
    }
  });

  it('keeps a "__proto__" key as its own key, as JSON.parse does', () => {
    const { result } = intake([Buffer.from('{"__proto__":{"polluted":true},"a":1}')]);
    const value = (result as { value: Record<string, unknown> }).value;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads a document nested deeper than the call stack reaches', () => {
    const depth = 200_000;
    const { result } = intake([Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`)]);
    let value = (result as { value: unknown }).value;
    let levels = 0;
    while (Array.isArray(value)) {
      value = value[0];
      levels++;
    }
    expect(levels).toBe(depth);
  });

  it('names what is wrong, and the character where the document stops being JSON', () => {
    const cases: [Uint8Array[], RegExp][] = [
      [[Buffer.from('{"a":1} x')], /^Unexpected "x" at character 8$/],
      [[Buffer.from('{"a":1}{"b":2}')], /^Unexpected "\{" at character 7$/],
      [[Buffer.from('{"a":'), Buffer.from('}')], /^Unexpected "\}" at character 5$/],
      [[Buffer.from('{"a":[1,2')], /^it ends after 9 bytes, before its value is complete$/],
      [[Buffer.from('{"a":"tex')], /^it ends after 9 bytes, before its value is complete$/],
      // Bytes that are not UTF-8 anywhere, also those a lax decoder would take for a character.
      [[Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])], /^it is not UTF-8/],
      [
        [Buffer.from('{"a":"'), Buffer.from([0x80, 0x22, 0x7d])],
        /^it is not UTF-8 \(in bytes 6 to 9\)$/,
      ],
      [[Buffer.from([0x22, 0xc0, 0xaf, 0x22])], /^it is not UTF-8/],
      [[Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22])], /^it is not UTF-8/],
      [[Buffer.from([0x22, 0xe2, 0x82])], /^it is not UTF-8 \(its last bytes/],
      [[Buffer.from('{"é":1}'), Buffer.from('\u00e9', 'latin1')], /^it is not UTF-8/],
      [[], /^there is no JSON value$/],
      [[Buffer.from('   ')], /^there is no JSON value$/],
    ];
    for (const [pieces, message] of cases) {
      const { result } = intake(pieces);
      expect(result, String(message)).toEqual({ problem: expect.stringMatching(message) });
    }
  });

  it('counts the bytes written after a problem without parsing them', () => {
    const parser = new JsonIntake();
    parser.write(Buffer.from('{"a" 1'));
    parser.write(Buffer.from('x'.repeat(1000)));
    expect(parser.bytes).toBe(1006);
    expect(parser.end()).toEqual({ problem: expect.stringMatching(/at character 5/) });
  });
});

describe('readJsonFile', () => {
  const folder = mkdtempSync(join(tmpdir(), 'json-intake-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('reads a file larger than one piece of the stream', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ id: `row-${i}`, name: 'Zoë' }));
    const file = join(folder, 'rows.json');
    writeFileSync(file, JSON.stringify({ rows }));
    expect(await readJsonFile(file)).toEqual({ value: { rows } });
  });

  it('rejects with the file system error of a missing file', async () => {
    await expect(readJsonFile(join(folder, 'missing.json'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});
