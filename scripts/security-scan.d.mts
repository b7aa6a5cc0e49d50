// Types of security-scan.mjs, for its unit test.
export interface Finding {
  issue: string;
  file: string;
  line: number;
  sample: string;
}
export interface Row {
  issue: string;
  file: string;
  sample: string;
}
export function scanFindings(): Finding[];
export function explainedRows(markdown: string): Row[];
export function compareWithRows(
  findings: Finding[],
  rows: Row[],
): { unexplained: Finding[]; stale: Row[] };
