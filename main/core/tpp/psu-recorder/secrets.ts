/**
 * Which typed values are secrets (docs/sca.md, "Recording: secrets"): they are written to the
 * steps file as `${env:NAME}` and never as the value. The rule looks at what the bank's page says
 * the field is, never at the value:
 *
 * - the input type is `password`;
 * - its `autocomplete` is `current-password`, `new-password` or `one-time-code`;
 * - a word of its `name` or `id` (split at camelCase, `-`, `_`, `.`) is one of SECRET_WORDS
 *   (password, pin, otp, tan, …), or two words make a SECRET_PHRASES pair (one time, sms code, …).
 *
 * The environment variable is `WORKBENCH_PROFILE_PSU_` and the field's name in upper snake case
 * (`oneTimeCode` → `WORKBENCH_PROFILE_PSU_ONE_TIME_CODE`): a replay through the UI reads only
 * variables the user set aside for the workbench (shared/env-policy.ts), so its own recordings
 * name one of those.
 */
import type { ElementInfo } from './events.js';
import { UI_ENV_PREFIX } from '../../../shared/env-policy.js';

export const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'passcode',
  'passphrase',
  'pwd',
  'pass',
  'pin',
  'otp',
  'totp',
  'tan',
  'mtan',
  'smstan',
  'secret',
  'onetimecode',
  'otc',
]);

/** Adjacent words that together name a one-time or secret code. */
export const SECRET_PHRASES: readonly (readonly [string, string])[] = [
  ['one', 'time'],
  ['onetime', 'code'],
  ['sms', 'code'],
  ['auth', 'code'],
  ['verification', 'code'],
  ['security', 'code'],
  ['access', 'code'],
  ['confirmation', 'code'],
];

const SECRET_AUTOCOMPLETE = new Set(['current-password', 'new-password', 'one-time-code']);

/** `nationalIdentityNumber` → national, identity, number; `sms_tan` → sms, tan. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase());
}

function namesASecret(name: string | undefined): boolean {
  if (!name) return false;
  const words = wordsOf(name);
  if (words.some((word) => SECRET_WORDS.has(word))) return true;
  return words.some((word, i) =>
    SECRET_PHRASES.some(([first, second]) => word === first && words[i + 1] === second),
  );
}

/** Whether what the tester types into `field` is a secret. */
export function isSecretField(field: ElementInfo): boolean {
  const { type, autocomplete, name, id } = field.attributes;
  if (type?.toLowerCase() === 'password') return true;
  if (
    autocomplete &&
    autocomplete
      .toLowerCase()
      .split(/\s+/)
      .some((t) => SECRET_AUTOCOMPLETE.has(t))
  )
    return true;
  return namesASecret(name) || namesASecret(id);
}

/** The environment variable a secret field's value is read from on replay. */
export function secretEnvName(field: ElementInfo): string {
  const base = field.attributes.name || field.attributes.id || 'secret';
  const snake = wordsOf(base)
    .map((word) => word.toUpperCase())
    .join('_');
  return `${UI_ENV_PREFIX}PSU_${snake || 'SECRET'}`;
}
