/** What an import left out, said once per kind with how many requests it concerned. Pure. */
export class ImportNotes {
  private readonly counts = new Map<string, { count: number; text: (count: number) => string }>();

  /** Counts one more case of `key`; `text` says it for the final count. */
  add(key: string, text: (count: number) => string): void {
    const found = this.counts.get(key);
    if (found) found.count += 1;
    else this.counts.set(key, { count: 1, text });
  }

  list(): string[] {
    return [...this.counts.values()].map(({ count, text }) => text(count));
  }
}

/** "1 request" / "3 requests". */
export function requestsCount(count: number): string {
  return count === 1 ? '1 request' : `${count} requests`;
}
