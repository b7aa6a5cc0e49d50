/**
 * Signing-string forensics for the TPP report (§5.2(4), §5.2(5)): the string the bank built from
 * the TPP's `headers` list, the one that would have verified or was due, and the lines where they
 * differ. The strings come from the bank's verifier (SigningForensics); this only compares them.
 */
import type { SigningForensics } from '../../../signature/index.js';
import type { SigningStringComparison, SigningStringLine } from './model.js';

/** Line diff by longest common subsequence; signing strings have a handful of lines. */
export function diffLines(from: string, to: string): SigningStringLine[] {
  const a = from.split('\n');
  const b = to.split('\n');
  const common: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      common[i]![j] =
        a[i] === b[j]
          ? common[i + 1]![j + 1]! + 1
          : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  const lines: SigningStringLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ op: ' ', text: a[i]! });
      i++;
      j++;
    } else if (j < b.length && (i === a.length || common[i]![j + 1]! >= common[i + 1]![j]!)) {
      lines.push({ op: '+', text: b[j]! });
      j++;
    } else {
      lines.push({ op: '-', text: a[i]! });
      i++;
    }
  }
  return lines;
}

/** Visible line ends, so a trailing newline or a CR shows in the diff. */
const visible = (text: string) => text.replace(/\r/g, '\\r');

export function compareSigningStrings(forensics: SigningForensics): SigningStringComparison {
  const right =
    forensics.expected !== undefined
      ? { kind: 'expected' as const, signingString: forensics.expected }
      : forensics.verifying !== undefined
        ? { kind: 'verifying' as const, signingString: forensics.verifying }
        : undefined;
  return {
    listed: forensics.listed,
    ...(forensics.built !== undefined ? { built: forensics.built } : {}),
    ...(right ? { right } : {}),
    ...(forensics.built !== undefined && right
      ? {
          differences: diffLines(visible(forensics.built), visible(right.signingString)),
        }
      : {}),
  };
}
