/**
 * Free text a PSU may read (creditorName, remittanceInformationUnstructured, an address): the
 * bank refuses characters that change how text is shown rather than what it says (§1: a
 * character the bank cannot process is answered with 400). Refused are control characters (C0,
 * DEL and C1, NUL and U+0085 among them), the bidirectional formatting characters (U+202E could
 * make "Pay 100 to evil" read otherwise on an SCA page), lone surrogates and the Unicode
 * noncharacters (U+FDD0..U+FDEF and the last two code points of every plane, U+FFFF among them).
 */

const BIDI_FORMATTING = new Set([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
]);

function refused(code: number): boolean {
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  if (BIDI_FORMATTING.has(code)) return true;
  if (code >= 0xd800 && code <= 0xdfff) return true; // a surrogate without its pair
  if (code >= 0xfdd0 && code <= 0xfdef) return true;
  return (code & 0xfffe) === 0xfffe;
}

/** The first character free text may not hold, as `U+202E`; undefined when there is none. */
export function refusedFreeTextCharacter(text: string): string | undefined {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (refused(code)) return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return undefined;
}

/** Whether free text holds only characters the bank accepts. */
export function isFreeText(text: string): boolean {
  return refusedFreeTextCharacter(text) === undefined;
}

/**
 * Text as a page shows it: every character free text may not hold becomes U+FFFD, so text stored
 * before the rule (or reaching a page another way) cannot reorder or hide what the PSU reads.
 */
export function neutralisedText(text: string): string {
  let out = '';
  for (const char of text) out += refused(char.codePointAt(0)!) ? '\uFFFD' : char;
  return out;
}
