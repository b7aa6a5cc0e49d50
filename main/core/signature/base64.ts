/**
 * Strict base64 (RFC 4648 §4, padded, no whitespace), as §5.2.3 (signature), §4.1 (Digest) and
 * RFC 2047 B-words (§5.2.6) are read: whole groups of four alphabet characters, the last group
 * padded with one or two '='.
 *
 * Written as a length check and one character-class scan rather than a regular expression over
 * groups: the verifier runs it on every signed request, over a 344-character signature.
 */
const ALPHABET_THEN_PADDING = /^[A-Za-z0-9+/]*={0,2}$/;

export function isStrictBase64(text: string): boolean {
  return text.length % 4 === 0 && ALPHABET_THEN_PADDING.test(text);
}
