/**
 * The rule for a passphrase that protects an exported private key. Shared so the view can say what
 * is wrong while the user types; main enforces it (certs.exportPrivateKey).
 *
 * The rule (SECURITY.md): at least 12 characters; at least 6 different characters; and at least 8
 * characters left once the trivially guessable parts are taken out: common passwords and words
 * (password, passw0rd, qwerty, azerty, asdf, zxcv, letmein, welcome, admin, secret, iloveyou,
 * workbench, psd2), runs of 3 or more neighbouring letters or digits up or down (abc, 321) and
 * 3 or more of one character (aaa). The encryption (600,000 PBKDF2 rounds) slows each guess; it
 * cannot save a passphrase that is among the first a guesser tries.
 */

export const EXPORT_PASSPHRASE_MIN_LENGTH = 12;
const MIN_DISTINCT = 6;
const MIN_REMAINING = 8;

const WEAK_WORDS = [
  'password',
  'passw0rd',
  'qwerty',
  'azerty',
  'asdf',
  'zxcv',
  'letmein',
  'welcome',
  'admin',
  'secret',
  'iloveyou',
  'workbench',
  'psd2',
];

export const EXPORT_PASSPHRASE_RULE =
  'at least 12 characters, at least 6 different ones, and not made of common passwords, ' +
  'keyboard or alphabet runs (qwerty, abcd, 1234) or repeats (aaaa)';

/** Characters left after taking out runs and repeats of three or more. */
function withoutRunsAndRepeats(characters: readonly string[]): string[] {
  const keep = characters.map(() => true);
  for (let i = 0; i + 2 < characters.length; i += 1) {
    const [a, b, c] = [0, 1, 2].map((k) => characters[i + k]!.codePointAt(0)!);
    const step = b! - a!;
    const alphanumeric = [0, 1, 2].every((k) => /[\p{L}\p{N}]/u.test(characters[i + k]!));
    if (c! - b! === step && (step === 0 || (alphanumeric && Math.abs(step) === 1))) {
      keep[i] = keep[i + 1] = keep[i + 2] = false;
    }
  }
  return characters.filter((_, index) => keep[index]);
}

/** Why the passphrase is too weak, or undefined when it meets the rule. */
export function exportPassphraseProblem(passphrase: string): string | undefined {
  const characters = [...passphrase];
  if (characters.length < EXPORT_PASSPHRASE_MIN_LENGTH) {
    return `The passphrase needs at least ${EXPORT_PASSPHRASE_MIN_LENGTH} characters.`;
  }
  if (new Set(characters.map((c) => c.toLowerCase())).size < MIN_DISTINCT) {
    return `The passphrase needs at least ${MIN_DISTINCT} different characters.`;
  }
  let rest = passphrase.toLowerCase();
  for (const word of WEAK_WORDS) rest = rest.split(word).join('');
  const remaining = withoutRunsAndRepeats([...rest]).length;
  if (remaining < MIN_REMAINING) {
    return (
      'The passphrase is too easy to guess: it is mostly common passwords, keyboard or ' +
      'alphabet runs or repeats.'
    );
  }
  return undefined;
}
