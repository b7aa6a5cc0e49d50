/**
 * KID (kundeidentifikasjonsnummer, the Norwegian payment reference; §7.3 KID errors): 2 to 25
 * digits whose last digit checks the rest by MOD10 (Luhn) or MOD11 (weights 2..7 from the right,
 * remainder 10 written as '-').
 */
export const KID_MIN_LENGTH = 2;
export const KID_MAX_LENGTH = 25;

export type KidCheck = { ok: true; algorithm: 'MOD10' | 'MOD11' } | { ok: false; problem: string };

export function luhnCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** '0'..'9', or '-' for remainder 10. */
export function mod11CheckCharacter(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * ((i % 6) + 2);
  const check = 11 - (sum % 11);
  if (check === 11) return '0';
  if (check === 10) return '-';
  return String(check);
}

export function validateKid(value: string): KidCheck {
  if (value.length < KID_MIN_LENGTH || value.length > KID_MAX_LENGTH)
    return { ok: false, problem: `must be ${KID_MIN_LENGTH} to ${KID_MAX_LENGTH} characters` };
  if (!/^[0-9]+[0-9-]$/.test(value))
    return { ok: false, problem: "must be digits, the last one possibly '-' (MOD11)" };
  const body = value.slice(0, -1);
  const check = value.slice(-1);
  if (check !== '-' && luhnCheckDigit(body) === Number(check))
    return { ok: true, algorithm: 'MOD10' };
  if (mod11CheckCharacter(body) === check) return { ok: true, algorithm: 'MOD11' };
  return { ok: false, problem: 'check digit matches neither MOD10 nor MOD11' };
}

export function isValidKid(value: string): boolean {
  return validateKid(value).ok;
}
