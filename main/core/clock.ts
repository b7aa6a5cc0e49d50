/**
 * Time is injected (ARCHITECTURE §7): every time rule of the bank — the SCA hour (§3.4), the
 * 90/180-day consent rules (§5.3.7), fix default dates (§9), batch runs and execution dates — reads
 * a Clock it is given, never `Date.now()` directly.
 */
export interface Clock {
  now(): Date;
}

/**
 * The range a virtual clock may be moved within (docs/ci.md "Admin API"): 2000-01-01T00:00:00Z to
 * 2199-12-31T23:59:59Z. Two centuries cover every date a test needs; beyond them years stop being
 * four digits, and a catch-up of batch runs over millennia is work no test wants.
 */
export const CLOCK_RANGE = {
  earliest: Date.UTC(2000, 0, 1, 0, 0, 0),
  latest: Date.UTC(2199, 11, 31, 23, 59, 59),
} as const;

/** The range in words, for messages. */
export const CLOCK_RANGE_TEXT = '2000-01-01T00:00:00Z to 2199-12-31T23:59:59Z';

export const systemClock: Clock = { now: () => new Date() };

export interface ClockState {
  /** Current time on this clock, ISO 8601. */
  now: string;
  /** True when the clock stands still until it is resumed, set or advanced. */
  frozen: boolean;
  /** Milliseconds this clock runs ahead of (positive) or behind real time. */
  offsetMs: number;
}

/** A virtual clock's own settings: its offset from real time, or the instant it stands at. */
export interface VirtualClockSettings {
  offsetMs: number;
  frozenAt: number | null;
}

/**
 * A clock that follows real time by default and can be frozen, set, or advanced.
 * Advancing a running clock shifts its offset; advancing a frozen clock moves its fixed instant.
 */
export class VirtualClock implements Clock {
  private offsetMs = 0;
  private frozenAt: number | undefined;
  /** settingsJson()'s last text, and the settings it was made of. */
  private json: { offsetMs: number; frozenAt: number | undefined; text: string } | undefined;

  constructor(private readonly realNow: () => number = Date.now) {}

  now(): Date {
    return new Date(this.frozenAt ?? this.realNow() + this.offsetMs);
  }

  freeze(): void {
    this.frozenAt ??= this.realNow() + this.offsetMs;
  }

  resume(): void {
    if (this.frozenAt === undefined) return;
    this.offsetMs = this.frozenAt - this.realNow();
    this.frozenAt = undefined;
  }

  set(instant: Date): void {
    if (Number.isNaN(instant.getTime())) throw new RangeError('clock.set: not a valid date');
    if (this.frozenAt !== undefined) this.frozenAt = instant.getTime();
    else this.offsetMs = instant.getTime() - this.realNow();
  }

  /** What this clock is, to share it (a bank's PostgreSQL store keeps it for every process). */
  settings(): VirtualClockSettings {
    return { offsetMs: this.offsetMs, frozenAt: this.frozenAt ?? null };
  }

  /**
   * settings() as JSON, made again only when they moved: a bank on a database compares it with
   * the committed one after every request, and a read moves nothing.
   */
  settingsJson(): string {
    const json = this.json;
    if (json && json.offsetMs === this.offsetMs && json.frozenAt === this.frozenAt)
      return json.text;
    const text = JSON.stringify(this.settings());
    this.json = { offsetMs: this.offsetMs, frozenAt: this.frozenAt, text };
    return text;
  }

  /** Takes the settings another process's clock shared (settings()). */
  restore(settings: VirtualClockSettings): void {
    this.offsetMs = settings.offsetMs;
    this.frozenAt = settings.frozenAt ?? undefined;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms)) throw new RangeError('clock.advance: milliseconds must be finite');
    if (this.frozenAt !== undefined) this.frozenAt += ms;
    else this.offsetMs += ms;
  }

  state(): ClockState {
    const now = this.now();
    return {
      now: now.toISOString(),
      frozen: this.frozenAt !== undefined,
      offsetMs: now.getTime() - this.realNow(),
    };
  }
}
