/**
 * `npm run bench:bank`, the CPU-per-request table at scale, its pure part: which engines and sizes
 * the environment asks for, the rows as printed, the lines derived from them and the judgement of
 * each goal (docs/performance.md, "CPU per request at scale, by engine"). The measuring is
 * engine-servers.ts's.
 *
 * Goals judged, none of them a bound of the run (a goal not met yet is printed, not failed):
 * - a signed GET costs at most GET_CPU_RATIO_GOAL × the bare server's CPU, in memory and on SQLite;
 * - a signed GET with three processes on one PostgreSQL database costs at most 1.5× the memory
 *   bank's CPU at the same size, each row's CPU taken against the bare server measured with it;
 * - payment POSTs with three processes reach at least 0.8× the rate of one process (PostgreSQL);
 * - a bank with its database (SQLite or PostgreSQL) holds at most 300 MB, and its RSS at the
 *   largest size is within FLAT_RSS_GROWTH of its RSS at 10,000.
 */
import { GET_CPU_RATIO_GOAL } from './cpu-per-request.js';

/** Where the measured bank keeps its state; `postgres-shared` is three processes on one database. */
export const ENGINES = ['memory', 'sqlite', 'postgres', 'postgres-shared'] as const;
export type TableEngine = (typeof ENGINES)[number];

/** Three processes' signed GET against the memory bank's, CPU per GET. */
export const SHARED_GET_GOAL = 1.5;
/** Three processes' payment POSTs per second against one process's, on PostgreSQL. */
export const SHARED_POST_RATE_GOAL = 0.8;
/** The most a bank with its database may hold, bytes. */
export const DATABASE_RSS_GOAL = 300 * 1024 * 1024;
/** "Flat" from 10,000 to the largest size: RSS grows by at most a tenth. */
export const FLAT_RSS_GROWTH = 1.1;

/** BENCH_ENGINES: engines separated by commas, all four when unset; an unknown one is named. */
export function parseEngines(value: string | undefined): TableEngine[] {
  if (value === undefined || value.trim() === '') return [...ENGINES];
  const engines = value.split(',').map((name) => name.trim());
  for (const name of engines)
    if (!(ENGINES as readonly string[]).includes(name))
      throw new Error(`BENCH_ENGINES: unknown engine "${name}" (one of ${ENGINES.join(', ')})`);
  return engines.filter((name, i) => engines.indexOf(name) === i) as TableEngine[];
}

/** A positive whole number from the environment variable `name`, `fallback` when unset. */
export function parseCount(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const count = Number(value);
  if (!Number.isInteger(count) || count <= 0)
    throw new Error(`${name} must be a positive whole number: "${value}"`);
  return count;
}

/** The table's sizes: 1k, 10k and BENCH_MAX, none above BENCH_MAX, each once. */
export function tableSizes(max: number): number[] {
  return [1_000, 10_000, max].filter((n, i, all) => n <= max && all.indexOf(n) === i);
}

/** One measured engine × size. CPU in µs per request (medians of the rounds), RSS in bytes. */
export interface TableRow {
  engine: TableEngine;
  size: number;
  get: { bank: number; bare: number };
  /**
   * The payment POST's CPU, and the POSTs per second the bank answered (the median of its
   * rounds); undefined when its rounds were left out (a profiled run, BENCH_PROFILE_BANK).
   */
  post: { bank: number; bare: number; rate: number } | undefined;
  rss: number;
  peakRss: number;
}

export interface Judged {
  line: string;
  met: boolean;
}

const ratio = (a: number, b: number) => {
  if (!(b > 0)) throw new Error(`no ratio over ${b}`);
  return a / b;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const verdict = (met: boolean) => (met ? 'goal met' : 'goal not met');
const sizeName = (size: number) => size.toLocaleString('en-US');

export const TABLE_HEADER = [
  'engine',
  'consents and payments',
  'GET µs bank / bare',
  'GET ratio',
  'POST µs bank / bare',
  'POST ratio',
  'POST req/s',
  'RSS after a collection (peak)',
];

/** The table's cells, one array per row, in TABLE_HEADER's order. */
export function tableCells(rows: readonly TableRow[]): string[][] {
  return rows.map((row) => [
    row.engine,
    sizeName(row.size),
    `${row.get.bank.toFixed(0)} / ${row.get.bare.toFixed(0)}`,
    `${ratio(row.get.bank, row.get.bare).toFixed(2)}×`,
    ...(row.post
      ? [
          `${row.post.bank.toFixed(0)} / ${row.post.bare.toFixed(0)}`,
          `${ratio(row.post.bank, row.post.bare).toFixed(2)}×`,
          row.post.rate.toFixed(0),
        ]
      : ['not measured', '', '']),
    `${mb(row.rss)} (${mb(row.peakRss)})`,
  ]);
}

/** A Markdown table of `header` and `cells`, the columns padded to their widest cell. */
export function markdownTable(header: readonly string[], cells: readonly string[][]): string {
  const all = [header, ...cells];
  const widths = header.map((_, i) => Math.max(3, ...all.map((row) => row[i]!.length)));
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

const find = (rows: readonly TableRow[], engine: TableEngine, size: number) =>
  rows.find((row) => row.engine === engine && row.size === size);

/** Every goal the rows can be judged on, one line each; a goal without its rows is left out. */
export function judgeGoals(rows: readonly TableRow[]): Judged[] {
  const out: Judged[] = [];
  for (const row of rows)
    if (row.engine === 'memory' || row.engine === 'sqlite') {
      const value = ratio(row.get.bank, row.get.bare);
      const met = value <= GET_CPU_RATIO_GOAL;
      out.push({
        met,
        line: `${row.engine} ${sizeName(row.size)}: signed GET ${value.toFixed(2)}× the bare server's CPU (goal ≤ ${GET_CPU_RATIO_GOAL.toFixed(2)}×): ${verdict(met)}`,
      });
    }
  const sizes = [...new Set(rows.map((row) => row.size))];
  for (const size of sizes) {
    const shared = find(rows, 'postgres-shared', size);
    const memory = find(rows, 'memory', size);
    const one = find(rows, 'postgres', size);
    if (shared && memory) {
      // The two rows are measured minutes apart, each against a bare server alternated with it
      // in the same rounds: their ratios to it cancel what the machine did between the rows
      // (the bare server's own figure moves by a third across a run). That quotient is judged.
      const raw = ratio(shared.get.bank, memory.get.bank);
      const sharedToBare = ratio(shared.get.bank, shared.get.bare);
      const memoryToBare = ratio(memory.get.bank, memory.get.bare);
      const value = ratio(sharedToBare, memoryToBare);
      const met = value <= SHARED_GET_GOAL;
      out.push({
        met,
        line: `${sizeName(size)}: signed GET, three processes / memory, CPU ${shared.get.bank.toFixed(0)} / ${memory.get.bank.toFixed(0)} µs = ${raw.toFixed(2)}×; each to its bare server ${sharedToBare.toFixed(2)}× / ${memoryToBare.toFixed(2)}× = ${value.toFixed(2)}× (goal ≤ ${SHARED_GET_GOAL.toFixed(2)}×, judged on this one): ${verdict(met)}`,
      });
    }
    if (shared?.post && one?.post) {
      const value = ratio(shared.post.rate, one.post.rate);
      const met = value >= SHARED_POST_RATE_GOAL;
      out.push({
        met,
        line: `${sizeName(size)}: payment POSTs, three processes / one (PostgreSQL), ${shared.post.rate.toFixed(0)} / ${one.post.rate.toFixed(0)} per s = ${value.toFixed(2)}× (goal ≥ ${SHARED_POST_RATE_GOAL.toFixed(2)}×): ${verdict(met)}`,
      });
    }
  }
  for (const engine of ENGINES) {
    const held = rows.filter((row) => row.engine === engine).sort((a, b) => a.size - b.size);
    if (held.length === 0) continue;
    const durable = engine !== 'memory';
    const largest = held.at(-1)!;
    const from = find(rows, engine, 10_000);
    const growth = from && largest.size > 10_000 ? ratio(largest.rss, from.rss) : undefined;
    const flat = growth === undefined || growth <= FLAT_RSS_GROWTH;
    const small = held.every((row) => row.rss <= DATABASE_RSS_GOAL);
    const figures = held.map((row) => `${sizeName(row.size)} ${mb(row.rss)}`).join(', ');
    const change =
      growth === undefined
        ? ''
        : `; ${sizeName(10_000)} → ${sizeName(largest.size)} ${growth.toFixed(2)}×`;
    out.push({
      met: !durable || (flat && small),
      line:
        `${engine}: RSS ${figures}${change}` +
        (durable
          ? ` (goal ≤ ${mb(DATABASE_RSS_GOAL)}, flat within ${FLAT_RSS_GROWTH.toFixed(2)}×): ${verdict(flat && small)}`
          : ''),
    });
  }
  return out;
}

/** What the bench prints: the table, then every goal judged, one line each. */
export function engineTableReport(rows: readonly TableRow[]): string {
  const goals = judgeGoals(rows).map((goal) => `- ${goal.line}`);
  return [markdownTable(TABLE_HEADER, tableCells(rows)), '', ...goals].join('\n');
}
