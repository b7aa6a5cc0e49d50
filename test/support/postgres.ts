/**
 * A throwaway PostgreSQL server for a test: Debian's server programs
 * (machine.ts `has('postgres')`), a new cluster in a temporary folder, on a free loopback port,
 * its socket in that folder, stopped and removed after. The server refuses to run as root; as
 * root the cluster belongs to the `postgres` user (runuser), the folder made writable for it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { freePort } from './free-port.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresBinaries } from './machine.js';

export interface ThrowawayPostgres {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` (trust authentication on loopback). */
  url: string;
  port: number;
  /** A URL of a new, empty database on this server. */
  createDatabase(name: string): string;
  /** Stops the server (fast shutdown) and removes its folder. */
  stop(): void;
}

export async function startPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL server programs are missing (Debian package postgresql)');
  const asRoot = process.getuid?.() === 0;
  const folder = mkdtempSync(join(tmpdir(), 'workbench-pg-'));
  const data = join(folder, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(folder, uid, gid);
  }
  chmodSync(folder, 0o700);
  const run = (program: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, program);
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, program), ...args] : args;
    const result = spawnSync(command, argv, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0)
      throw new Error(`${program} failed (${result.status}): ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', join(folder, 'server.log'), '-w', 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    port,
    createDatabase(name) {
      if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
      run('psql', [
        '-h',
        folder,
        '-p',
        String(port),
        '-U',
        'postgres',
        '-c',
        `CREATE DATABASE ${name}`,
      ]);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
