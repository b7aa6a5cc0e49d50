/**
 * Why a target profile cannot be used, naming the file and the JSON path of what is wrong, e.g.
 * `bank.json: /signing/key: cannot read 'keys/qsealc.key.pem' (ENOENT)`. A run never starts with
 * a profile that has one.
 */
import { ValueErrorType, type ValueError } from '@sinclair/typebox/value';

export class TargetProfileError extends Error {
  override readonly name = 'TargetProfileError';
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(`${file}: ${problems.join('; ')}`);
  }
}

/**
 * One line per schema error. A union (e.g. PEM files or PKCS#12) reports the variant that came
 * closest, so the user reads "/signing/key: Expected required property" rather than "Expected
 * union value".
 */
export function describeSchemaErrors(errors: Iterable<ValueError>, limit = 5): string[] {
  const lines: string[] = [];
  for (const error of errors) {
    if (lines.length >= limit) break;
    if (error.type === ValueErrorType.Union && error.errors.length > 0) {
      const variants = error.errors.map((iterator) => [...iterator]);
      const closest = variants.reduce((best, v) => (v.length < best.length ? v : best));
      lines.push(...describeSchemaErrors(closest, 1));
      continue;
    }
    lines.push(`${error.path || '/'}: ${error.message}`);
  }
  return lines;
}
