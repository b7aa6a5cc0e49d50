import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../main/core/clock';

describe('VirtualClock', () => {
  const start = Date.parse('2026-01-01T00:00:00Z');

  it('follows real time by default', () => {
    let real = start;
    const clock = new VirtualClock(() => real);
    real += 5_000;
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:05.000Z');
  });

  it('advances while running, keeping pace with real time afterwards', () => {
    let real = start;
    const clock = new VirtualClock(() => real);
    clock.advance(91 * 24 * 3600_000);
    real += 1_000;
    expect(clock.now().toISOString()).toBe('2026-04-02T00:00:01.000Z');
    expect(clock.state()).toMatchObject({ frozen: false, offsetMs: 91 * 24 * 3600_000 });
  });

  it('stands still when frozen, moves only when set or advanced, and resumes from there', () => {
    let real = start;
    const clock = new VirtualClock(() => real);
    clock.freeze();
    real += 60_000;
    expect(clock.now().getTime()).toBe(start);
    clock.advance(3600_000);
    expect(clock.now().getTime()).toBe(start + 3600_000);
    clock.set(new Date('2030-06-01T12:00:00Z'));
    expect(clock.now().toISOString()).toBe('2030-06-01T12:00:00.000Z');
    clock.resume();
    real += 1_000;
    expect(clock.now().toISOString()).toBe('2030-06-01T12:00:01.000Z');
  });

  it('gives its settings as JSON, again after every move (restore included)', () => {
    let real = start;
    const clock = new VirtualClock(() => real);
    const same = () => expect(clock.settingsJson()).toBe(JSON.stringify(clock.settings()));
    same();
    clock.advance(60_000);
    same();
    clock.freeze();
    same();
    real += 5_000;
    clock.advance(1_000);
    same();
    clock.set(new Date('2030-06-01T12:00:00Z'));
    same();
    clock.resume();
    same();
    clock.restore({ offsetMs: 7, frozenAt: null });
    same();
    clock.restore({ offsetMs: 7, frozenAt: start });
    same();
    expect(JSON.parse(clock.settingsJson())).toEqual({ offsetMs: 7, frozenAt: start });
  });

  it('refuses an invalid date or a non-finite step', () => {
    const clock = new VirtualClock(() => start);
    expect(() => clock.set(new Date('nope'))).toThrow(/not a valid date/);
    expect(() => clock.advance(Number.NaN)).toThrow(/finite/);
  });
});
