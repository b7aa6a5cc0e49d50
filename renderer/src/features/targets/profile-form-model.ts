/**
 * What the profile form's free-text fields mean, before main checks them: PSUs one a line
 * (`login, name, password` for a private PSU; `login, agreement, name, password` for a corporate
 * representative, the agreement as the SCA context page names it, §1; the password optional, a
 * secret main writes as an environment reference) and CA paths one a line. Pure.
 */
import type { ProfileFormInput } from '../../state/targets-store';

const cells = (line: string) => line.split(',').map((cell) => cell.trim());
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The PSUs the two text areas list; undefined when both are empty. */
export function psusOf(privateText: string, corporateText: string): ProfileFormInput['psus'] {
  const privatePsus = lines(privateText).map((line) => {
    const [login = '', name, password] = cells(line);
    return { login, ...(name ? { name } : {}), ...(password ? { password } : {}) };
  });
  const corporate = lines(corporateText).map((line) => {
    const [login = '', agreement = '', name, password] = cells(line);
    return { login, agreement, ...(name ? { name } : {}), ...(password ? { password } : {}) };
  });
  return privatePsus.length + corporate.length > 0
    ? { private: privatePsus, corporate }
    : undefined;
}

export const pathsOf = lines;

/** A value typed where a secret goes, that is not a `${env:NAME}` reference. */
export function isTypedSecret(value: string): boolean {
  const trimmed = value.trim();
  return trimmed !== '' && !/^\$\{env:[A-Za-z_][A-Za-z0-9_]*\}$/.test(trimmed);
}
