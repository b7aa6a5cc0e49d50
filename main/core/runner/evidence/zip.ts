/**
 * A ZIP (APPNOTE 6.3) writer and reader for the evidence bundle: the format the OBIE and OpenID
 * conformance suites hand out, which every system opens (`unzip`, Explorer, Finder). Stored or
 * deflated entries only, no ZIP64 (a bundle is a few MB), no encryption: a hundred lines on
 * node:zlib instead of a dependency.
 */
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  content: Buffer;
}

export class ZipError extends Error {
  override name = 'ZipError';
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
/** General purpose flag bit 11: the names are UTF-8. */
const UTF8 = 0x0800;
const STORE = 0;
const DEFLATE = 8;
/** "Made by" Unix (3), spec 2.0: lets unzip apply the mode in the external attributes. */
const MADE_BY_UNIX = (3 << 8) | 20;
const REGULAR_0644 = (0o100644 << 16) >>> 0;
/** The most entries a ZIP without ZIP64 holds (a 16-bit count). */
const MAX_ENTRIES = 0xffff;

/** MS-DOS date and time (local fields, 2-second resolution), from a UTC instant. */
function dosTime(date: Date): { time: number; date: number } {
  const year = Math.max(1980, date.getUTCFullYear());
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

export function writeZip(entries: readonly ZipEntry[], modified = new Date()): Buffer {
  // The end record counts entries in 16 bits: more would need ZIP64, which this writer leaves out.
  if (entries.length > MAX_ENTRIES)
    throw new ZipError(
      `${entries.length} entries, more than the ${MAX_ENTRIES} a ZIP without ZIP64 holds`,
    );
  const { time, date } = dosTime(modified);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const deflated = deflateRawSync(entry.content);
    // Deflate only when it saves bytes: an already compressed or tiny file is stored.
    const method = deflated.length < entry.content.length ? DEFLATE : STORE;
    const data = method === DEFLATE ? deflated : entry.content;
    const crc = crc32(entry.content);
    if (offset + 30 + name.length + data.length > 0xffffffff)
      throw new ZipError('the bundle would exceed 4 GiB, more than a ZIP without ZIP64 holds');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(entry.content.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(MADE_BY_UNIX, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(UTF8, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(entry.content.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(REGULAR_0644, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * The entries of a ZIP, by its central directory. Refuses what a bundle never holds and a reader
 * could be fooled by: encrypted or otherwise compressed entries, a CRC or size that does not
 * match, one name twice, and entries that would unpack to more than `maxUnpackedBytes` in all (a
 * file imported from elsewhere may be a ZIP bomb: no entry inflates past the size it declares).
 */
export function readZip(zip: Buffer, maxUnpackedBytes = 256 * 1024 * 1024): ZipEntry[] {
  let end = -1;
  // The end record is the last 22 bytes, unless a comment (at most 65 535 bytes) follows it.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--)
    if (zip.readUInt32LE(at) === END) {
      end = at;
      break;
    }
  if (end < 0) throw new ZipError('not a ZIP file (no end of central directory)');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  const seen = new Set<string>();
  let unpacked = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL)
      throw new ZipError(`damaged central directory at byte ${at}`);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + skip;
    if (flags & 1) throw new ZipError(`${name}: encrypted`);
    if (method !== STORE && method !== DEFLATE)
      throw new ZipError(`${name}: compression method ${method}, not stored or deflated`);
    if (seen.has(name)) throw new ZipError(`${name}: twice in the archive`);
    seen.add(name);
    unpacked += size;
    if (unpacked > maxUnpackedBytes)
      throw new ZipError(`${name}: the archive unpacks to more than ${maxUnpackedBytes} bytes`);
    if (localAt + 30 > zip.length || zip.readUInt32LE(localAt) !== LOCAL)
      throw new ZipError(`${name}: damaged local header at byte ${localAt}`);
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    if (dataAt + compressed > zip.length) throw new ZipError(`${name}: the archive ends inside it`);
    const data = zip.subarray(dataAt, dataAt + compressed);
    let content: Buffer;
    try {
      content =
        method === DEFLATE
          ? inflateRawSync(data, { maxOutputLength: Math.max(1, size) })
          : Buffer.from(data);
    } catch (error) {
      throw new ZipError(`${name}: does not inflate (${(error as Error).message})`);
    }
    if (content.length !== size || crc32(content) !== crc)
      throw new ZipError(`${name}: damaged (CRC-32 or size differs from the directory)`);
    entries.push({ name, content });
  }
  return entries;
}
