/**
 * What the soak's TPPs saw on the wire: requests, statuses, transport failures and latency. The
 * latency histogram has fixed log-spaced buckets (2 % wide), so recording a million requests does
 * not grow memory — the soak measures the bank's memory, not its own.
 */
const BUCKET_GROWTH = 1.02;
const MIN_MS = 0.01;
const BUCKETS = Math.ceil(Math.log(600_000 / MIN_MS) / Math.log(BUCKET_GROWTH)) + 1;

export class LatencyHistogram {
  private readonly counts = new Uint32Array(BUCKETS);
  private total = 0;
  private max = 0;

  record(ms: number): void {
    const index =
      ms <= MIN_MS
        ? 0
        : Math.min(BUCKETS - 1, Math.ceil(Math.log(ms / MIN_MS) / Math.log(BUCKET_GROWTH)));
    this.counts[index]!++;
    this.total++;
    if (ms > this.max) this.max = ms;
  }

  get count(): number {
    return this.total;
  }

  /** The upper edge of the bucket holding the p-th percentile (0 < p ≤ 100); 0 when empty. */
  percentile(p: number): number {
    if (this.total === 0) return 0;
    const rank = Math.ceil((p / 100) * this.total);
    let seen = 0;
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.counts[i]!;
      if (seen >= rank) return Math.min(this.max, MIN_MS * BUCKET_GROWTH ** i);
    }
    return this.max;
  }
}

export interface TransportFailure {
  what: string;
  error: string;
}

export class TrafficRecorder {
  readonly latency = new LatencyHistogram();
  readonly statuses = new Map<number, number>();
  /** The first requests that got no HTTP answer (reset, refused, closed, timed out). */
  readonly failures: TransportFailure[] = [];
  /** The first answers with a 5xx status, kept as evidence. */
  readonly serverErrors: { what: string; status: number; body: string }[] = [];
  private sent = 0;
  private droppedCount = 0;

  get requests(): number {
    return this.sent;
  }

  answered(what: string, status: number, ms: number, body: () => string): void {
    this.sent++;
    this.latency.record(ms);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (status >= 500 && this.serverErrors.length < 20)
      this.serverErrors.push({ what, status, body: body().slice(0, 500) });
  }

  failed(what: string, error: string): void {
    this.sent++;
    this.droppedCount++;
    if (this.failures.length < 1_000) this.failures.push({ what, error });
  }

  get dropped(): number {
    return this.droppedCount;
  }

  count5xx(): number {
    let n = 0;
    for (const [status, count] of this.statuses) if (status >= 500) n += count;
    return n;
  }
}
