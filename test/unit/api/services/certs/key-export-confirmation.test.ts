import { describe, expect, it } from 'vitest';
import {
  TOKEN_LIFETIME_MS,
  dialogConfirmer,
  terminalTokenConfirmer,
  type KeyExportRequest,
} from '../../../../../main/api/services/certs/key-export-confirmation.js';

const request: KeyExportRequest = { handle: 'h1', label: 'Seal', kind: 'qsealc', format: 'pkcs12' };

function terminal(start = 1_000) {
  const lines: string[] = [];
  let now = start;
  const confirmer = terminalTokenConfirmer(
    (line) => lines.push(line),
    () => now,
  );
  const code = () => /type ([A-Z0-9]{5}-[A-Z0-9]{5})/.exec(lines.at(-1)!)![1]!;
  return { lines, confirmer, code, advance: (ms: number) => (now += ms) };
}

describe('terminal-token confirmation (web host)', () => {
  it('prints a fresh code per request that the view never receives', () => {
    const { lines, confirmer, code } = terminal();
    const text = confirmer.begin(request);
    const first = code();
    confirmer.begin(request);
    expect(lines).toHaveLength(2);
    expect(code()).not.toBe(first);
    expect(lines[0]).toContain("'Seal'");
    expect(text).not.toContain(first);
  });

  it('confirms once with the latest code, for the same entry and format only', async () => {
    const { confirmer, code } = terminal();
    confirmer.begin(request);
    const stale = code();
    confirmer.begin(request);
    expect(await confirmer.confirm(request, stale)).toBe(false);
    confirmer.begin(request);
    const good = code();
    expect(await confirmer.confirm({ ...request, format: 'pkcs8' }, good)).toBe(false);
    expect(await confirmer.confirm({ ...request, handle: 'h2' }, good)).toBe(false);
    expect(await confirmer.confirm(request, ` ${good.toLowerCase()} `)).toBe(true);
    expect(await confirmer.confirm(request, good)).toBe(false);
  });

  it('spends the code on a wrong attempt and refuses it after five minutes', async () => {
    const { confirmer, code, advance } = terminal();
    confirmer.begin(request);
    const spent = code();
    expect(await confirmer.confirm(request, 'WRONG-CODES')).toBe(false);
    expect(await confirmer.confirm(request, spent)).toBe(false);
    confirmer.begin(request);
    const late = code();
    advance(TOKEN_LIFETIME_MS + 1);
    expect(await confirmer.confirm(request, late)).toBe(false);
    expect(await confirmer.confirm(request, undefined)).toBe(false);
  });
});

describe('dialog confirmation (desktop)', () => {
  it('asks the host for every export and follows its answer', async () => {
    const asked: KeyExportRequest[] = [];
    let answer = false;
    const confirmer = dialogConfirmer((r) => {
      asked.push(r);
      return Promise.resolve(answer);
    });
    expect(confirmer.mode).toBe('dialog');
    expect(await confirmer.confirm(request, 'ignored')).toBe(false);
    answer = true;
    expect(await confirmer.confirm(request, undefined)).toBe(true);
    expect(asked).toEqual([request, request]);
  });
});
