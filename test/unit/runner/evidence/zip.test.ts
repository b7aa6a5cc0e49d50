/**
 * The ZIP writer (main/core/runner/evidence/zip.ts) refuses more entries than a ZIP without
 * ZIP64 counts, naming the count and the limit, instead of writing a count that wraps.
 */
import { describe, expect, it } from 'vitest';
import { readZip, writeZip, ZipError } from '../../../../main/core/runner/evidence/zip';

describe('writeZip', () => {
  it('writes entries that read back', () => {
    const zip = writeZip([{ name: 'a.txt', content: Buffer.from('a') }]);
    expect(readZip(zip).map((e) => [e.name, e.content.toString()])).toEqual([['a.txt', 'a']]);
  });

  it('refuses more than 65535 entries, naming the count and the limit', () => {
    const entries = Array.from({ length: 65_536 }, (_, i) => ({
      name: `${i}.bru`,
      content: Buffer.alloc(0),
    }));
    expect(() => writeZip(entries)).toThrow(ZipError);
    expect(() => writeZip(entries)).toThrow(
      '65536 entries, more than the 65535 a ZIP without ZIP64 holds',
    );
  });
});
