// Types of test-summary.mjs, for its unit test.
export function summarize(dir?: string): {
  totals: { passed: number; failed: number; skipped: number };
  notes: string[];
  line: string;
  ok: boolean;
};
