/**
 * Time is injected (ARCHITECTURE §7): every time rule of the bank — the SCA hour (§3.4), the
 * 90/180-day consent rules (§5.3.7), fix default dates (§9), batch runs and execution dates — reads
 * a Clock it is given, never `Date.now()` directly.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface ClockState {
  /** Current time on this clock, ISO 8601. */
  now: string;
  /** True when the clock stands still until it is resumed, set or advanced. */
  frozen: boolean;
  /** Milliseconds this clock runs ahead of (positive) or behind real time. */
  offsetMs: number;
}

/**
 * A clock that follows real time by default and can be frozen, set, or advanced.
 * Advancing a running clock shifts its offset; advancing a frozen clock moves its fixed instant.
 */
export class VirtualClock implements Clock {
  private offsetMs = 0;
  private frozenAt: number | undefined;

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
