import { describe, expect, it } from 'vitest';
import {
  DATABASE_RSS_GOAL,
  ENGINES,
  engineTableReport,
  judgeGoals,
  markdownTable,
  parseCount,
  parseEngines,
  tableCells,
  tableSizes,
  type TableEngine,
  type TableRow,
} from '../../../bench/engine-table.js';

const MB = 1024 * 1024;

function row(engine: TableEngine, size: number, figures: Partial<TableRow> = {}): TableRow {
  return {
    engine,
    size,
    get: { bank: 110, bare: 100 },
    post: { bank: 300, bare: 100, rate: 1_000 },
    rss: 150 * MB,
    peakRss: 160 * MB,
    ...figures,
  };
}

const lines = (rows: TableRow[]) => judgeGoals(rows).map((goal) => goal.line);
const judged = (rows: TableRow[], start: string) =>
  judgeGoals(rows).find((goal) => goal.line.startsWith(start));

describe('the environment of the table', () => {
  it('takes all four engines when BENCH_ENGINES is unset or empty', () => {
    expect(parseEngines(undefined)).toEqual([...ENGINES]);
    expect(parseEngines(' ')).toEqual(['memory', 'sqlite', 'postgres', 'postgres-shared']);
  });

  it('takes the engines listed, in their order, each once', () => {
    expect(parseEngines('postgres-shared, memory,memory')).toEqual(['postgres-shared', 'memory']);
  });

  it('names an unknown engine and the ones it knows', () => {
    expect(() => parseEngines('memory,mysql')).toThrow(
      'BENCH_ENGINES: unknown engine "mysql" (one of memory, sqlite, postgres, postgres-shared)',
    );
    expect(() => parseEngines('memory,')).toThrow(/unknown engine ""/);
  });

  it('reads a count, its fallback when unset, and refuses what is not a positive whole number', () => {
    expect(parseCount('BENCH_MAX', '5000', 100_000)).toBe(5_000);
    expect(parseCount('BENCH_MAX', undefined, 100_000)).toBe(100_000);
    expect(parseCount('BENCH_MAX', '', 7)).toBe(7);
    for (const bad of ['abc', '0', '-3', '1.5', '1e400'])
      expect(() => parseCount('BENCH_ROUNDS', bad, 3)).toThrow(
        `BENCH_ROUNDS must be a positive whole number: "${bad}"`,
      );
  });

  it('measures 1k, 10k and BENCH_MAX, none above it, each once', () => {
    expect(tableSizes(100_000)).toEqual([1_000, 10_000, 100_000]);
    expect(tableSizes(10_000)).toEqual([1_000, 10_000]);
    expect(tableSizes(1_000)).toEqual([1_000]);
    expect(tableSizes(500)).toEqual([500]);
    expect(tableSizes(5_000)).toEqual([1_000, 5_000]);
  });
});

describe('the table', () => {
  it('has a row per engine and size with both ratios, the POST rate and the RSS', () => {
    const cells = tableCells([
      row('sqlite', 100_000, {
        get: { bank: 230, bare: 100 },
        post: { bank: 512.4, bare: 128, rate: 1234.6 },
        rss: 200 * MB,
        peakRss: 250 * MB,
      }),
    ]);
    expect(cells).toEqual([
      ['sqlite', '100,000', '230 / 100', '2.30×', '512 / 128', '4.00×', '1235', '200 MB (250 MB)'],
    ]);
  });

  it('says a row’s POST was not measured when its rounds were left out (a profiled run)', () => {
    const cells = tableCells([row('memory', 1_000, { post: undefined })]);
    expect(cells[0]!.slice(4, 7)).toEqual(['not measured', '', '']);
  });

  it('refuses a ratio over a bare server that used no CPU', () => {
    expect(() => tableCells([row('memory', 1_000, { get: { bank: 1, bare: 0 } })])).toThrow(
      'no ratio over 0',
    );
  });

  it('pads every column to its widest cell', () => {
    expect(markdownTable(['a', 'bb'], [['long', 'x']]).split('\n')).toEqual([
      '| a    | bb  |',
      '| ---- | --- |',
      '| long | x   |',
    ]);
  });

  it('prints the table, then one line per goal', () => {
    const report = engineTableReport([row('memory', 1_000)]).split('\n');
    expect(report[0]).toMatch(/^\| engine +\| consents and payments/);
    expect(report[2]).toMatch(/^\| memory +\| 1,000 +\| 110 \/ 100 +\| 1\.10×/);
    expect(report.slice(4)).toEqual([
      "- memory 1,000: signed GET 1.10× the bare server's CPU (goal ≤ 1.15×): goal met",
      '- memory: RSS 1,000 150 MB',
    ]);
  });
});

describe('the goals', () => {
  it('judges the GET against the bare server in memory and on SQLite, not on PostgreSQL', () => {
    const rows = [
      row('memory', 1_000, { get: { bank: 115, bare: 100 } }),
      row('sqlite', 1_000, { get: { bank: 116, bare: 100 } }),
      row('postgres', 1_000, { get: { bank: 500, bare: 100 } }),
    ];
    expect(judged(rows, 'memory 1,000')?.met).toBe(true);
    expect(judged(rows, 'sqlite 1,000')).toEqual({
      met: false,
      line: "sqlite 1,000: signed GET 1.16× the bare server's CPU (goal ≤ 1.15×): goal not met",
    });
    expect(judged(rows, 'postgres 1,000')).toBeUndefined();
  });

  it('judges three processes’ GET against memory’s CPU at the same size', () => {
    const rows = [
      row('memory', 10_000, { get: { bank: 200, bare: 100 } }),
      row('postgres-shared', 10_000, { get: { bank: 300, bare: 100 } }),
      row('memory', 100_000, { get: { bank: 200, bare: 100 } }),
      row('postgres-shared', 100_000, { get: { bank: 301, bare: 100 } }),
    ];
    expect(judged(rows, '10,000: signed GET, three processes')).toEqual({
      met: true,
      line: '10,000: signed GET, three processes / memory, CPU 300 / 200 µs = 1.50×; each to its bare server 3.00× / 2.00× = 1.50× (goal ≤ 1.50×, judged on this one): goal met',
    });
    expect(judged(rows, '100,000: signed GET, three processes')?.met).toBe(false);
  });

  it('judges three processes’ GET on each row’s CPU against the bare server measured with it', () => {
    // A machine slower while the three processes were measured: their bare server took 120 µs.
    const slower = [
      row('memory', 1_000, { get: { bank: 200, bare: 100 } }),
      row('postgres-shared', 1_000, { get: { bank: 330, bare: 120 } }),
    ];
    expect(judged(slower, '1,000: signed GET, three processes')).toEqual({
      met: true,
      line: '1,000: signed GET, three processes / memory, CPU 330 / 200 µs = 1.65×; each to its bare server 2.75× / 2.00× = 1.38× (goal ≤ 1.50×, judged on this one): goal met',
    });
    // And faster: 280 µs is within 1.5× of 200, but not against a bare server of 80 µs.
    const faster = [
      row('memory', 1_000, { get: { bank: 200, bare: 100 } }),
      row('postgres-shared', 1_000, { get: { bank: 280, bare: 80 } }),
    ];
    expect(judged(faster, '1,000: signed GET, three processes')?.met).toBe(false);
  });

  it('judges three processes’ POST rate against one PostgreSQL process’s', () => {
    const rows = [
      row('postgres', 1_000, { post: { bank: 300, bare: 100, rate: 1_000 } }),
      row('postgres-shared', 1_000, { post: { bank: 300, bare: 100, rate: 800 } }),
      row('postgres', 10_000, { post: { bank: 300, bare: 100, rate: 1_000 } }),
      row('postgres-shared', 10_000, { post: { bank: 300, bare: 100, rate: 799 } }),
    ];
    expect(judged(rows, '1,000: payment POSTs')).toEqual({
      met: true,
      line: '1,000: payment POSTs, three processes / one (PostgreSQL), 800 / 1000 per s = 0.80× (goal ≥ 0.80×): goal met',
    });
    expect(judged(rows, '10,000: payment POSTs')?.met).toBe(false);
  });

  it('leaves out a derived goal whose rows were not measured', () => {
    const only = lines([row('postgres-shared', 1_000)]);
    expect(only.some((line) => line.includes('three processes'))).toBe(false);
    // A profiled run measures no POST: the POST rate goal is left out, the GET's still judged.
    const profiled = lines([
      row('memory', 1_000, { post: undefined }),
      row('postgres', 1_000, { post: undefined }),
      row('postgres-shared', 1_000, { post: undefined }),
    ]);
    expect(profiled.some((line) => line.includes('payment POSTs'))).toBe(false);
    expect(profiled.some((line) => line.includes('signed GET, three processes'))).toBe(true);
  });

  it('judges a database bank’s RSS at most 300 MB and flat from 10k to the largest size', () => {
    const sqlite = (at10k: number, at100k: number) => [
      row('sqlite', 1_000, { rss: 100 * MB }),
      row('sqlite', 10_000, { rss: at10k * MB }),
      row('sqlite', 100_000, { rss: at100k * MB }),
    ];
    expect(judged(sqlite(200, 220), 'sqlite: RSS')).toEqual({
      met: true,
      line: 'sqlite: RSS 1,000 100 MB, 10,000 200 MB, 100,000 220 MB; 10,000 → 100,000 1.10× (goal ≤ 300 MB, flat within 1.10×): goal met',
    });
    expect(judged(sqlite(200, 221), 'sqlite: RSS')?.met).toBe(false);
    expect(judged(sqlite(280, 301), 'sqlite: RSS')?.met).toBe(false);
    const over = [row('postgres', 1_000, { rss: DATABASE_RSS_GOAL + 1 })];
    expect(judged(over, 'postgres: RSS')?.met).toBe(false);
  });

  it('states the memory bank’s RSS without a goal', () => {
    const rows = [row('memory', 10_000), row('memory', 100_000, { rss: 900 * MB })];
    expect(judged(rows, 'memory: RSS')).toEqual({
      met: true,
      line: 'memory: RSS 10,000 150 MB, 100,000 900 MB; 10,000 → 100,000 6.00×',
    });
  });
});
