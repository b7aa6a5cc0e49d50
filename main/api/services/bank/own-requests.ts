/**
 * Requests the workbench sends for its own sake (following an SCA's `scaStatus` link every 1.5 s
 * while the PSU is at the bank): the signing client notes their X-Request-ID before sending, and
 * the bank's request log marks them, so the console can hide them by default.
 */
const KEPT = 5000;

export class OwnRequests {
  private readonly ids = new Set<string>();

  /** Notes an X-Request-ID about to be sent; the oldest beyond KEPT are forgotten. */
  add(requestId: string): void {
    this.ids.add(requestId.toLowerCase());
    if (this.ids.size > KEPT) {
      const oldest = this.ids.values().next().value;
      if (oldest !== undefined) this.ids.delete(oldest);
    }
  }

  /** Whether a request's headers carry an X-Request-ID noted here. */
  isOwn(headers: Record<string, string>): boolean {
    for (const [name, value] of Object.entries(headers)) {
      if (name.toLowerCase() === 'x-request-id') return this.ids.has(value.toLowerCase());
    }
    return false;
  }
}
