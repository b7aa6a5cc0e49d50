/**
 * Norwegian BBAN (decisions.md "Amounts and identities"): 11 digits — 4 bank registration digits,
 * 6 account digits and one mod-11 check digit with weights 5 4 3 2 7 6 5 4 3 2.
 */
const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** The mod-11 check digit for the first ten digits, or undefined when none exists (remainder 1). */
export function norwegianBbanCheckDigit(firstTen: string): number | undefined {
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) sum += Number(firstTen[i]) * WEIGHTS[i]!;
  const check = 11 - (sum % 11);
  if (check === 11) return 0;
  if (check === 10) return undefined; // such account numbers are never issued
  return check;
}

export function isValidNorwegianBban(value: string): boolean {
  if (!/^[0-9]{11}$/.test(value)) return false;
  return norwegianBbanCheckDigit(value.slice(0, 10)) === Number(value[10]);
}
