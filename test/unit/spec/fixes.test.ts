import { describe, expect, it } from 'vitest';
import { FIXES, FIX_NAMES, activeFixes, parseAcceptFix } from '../../../main/core/spec/index.js';
import { section } from './specText.js';

const MONTHS: Record<string, string> = { Aug: '08', Sep: '09' };

describe('§9.2 x-accept-fix catalogue', () => {
  it('has exactly the fixes of the spec table with their dates', () => {
    const rows = [
      ...section('## 9. Versioning').matchAll(
        /^\| ([a-z-]+) \| [^|]+ \| (\d{2})\.(\d{4}) \| (\d{2})-(\w{3})-(\d{4})/gm,
      ),
    ];
    expect(rows).toHaveLength(4);
    expect(
      FIXES.map(({ name, introduced, defaultFrom }) => ({ name, introduced, defaultFrom })),
    ).toEqual(
      rows.map(([, name, mm, yyyy, dd, mon, year]) => ({
        name,
        introduced: `${yyyy}-${mm}`,
        defaultFrom: `${year}-${MONTHS[mon!]}-${dd}`,
      })),
    );
  });
});

describe('parseAcceptFix', () => {
  it('splits on commas and trims', () => {
    expect(parseAcceptFix('amount-as-string, longer-names')).toEqual({
      ok: true,
      requested: ['amount-as-string', 'longer-names'],
    });
    expect(parseAcceptFix(undefined)).toEqual({ ok: true, requested: [] });
  });

  it('names an unknown fix', () => {
    const result = parseAcceptFix('amount-as-string,no-such-fix');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.name).toBe('no-such-fix');
    expect(result.error.text).toContain("'no-such-fix'");
  });

  it('rejects empty entries and other spellings', () => {
    expect(parseAcceptFix('amount-as-string,').ok).toBe(false);
    expect(parseAcceptFix('').ok).toBe(false);
    expect(parseAcceptFix('AMOUNT-AS-STRING').ok).toBe(false);
  });
});

describe('activeFixes on the bank clock', () => {
  const at = (iso: string) => new Date(iso);

  it('before any default date only the requested fixes are active', () => {
    const result = activeFixes('longer-names', at('2020-07-31T23:59:59Z'));
    expect(result.ok && [...result.active]).toEqual(['longer-names']);
  });

  it('amount-as-string is default from 2020-08-01', () => {
    const result = activeFixes(undefined, at('2020-08-01T00:00:00Z'));
    expect(result.ok && [...result.active]).toEqual(['amount-as-string']);
  });

  it('the 2024 fixes are default from 2024-09-05, not a second earlier', () => {
    const before = activeFixes(undefined, at('2024-09-04T23:59:59Z'));
    const after = activeFixes(undefined, at('2024-09-05T00:00:00Z'));
    expect(before.ok && [...before.active]).toEqual(['amount-as-string']);
    expect(after.ok && [...after.active].sort()).toEqual([...FIX_NAMES].sort());
  });

  it('gives each request the fixes of its own day, whatever was asked before', () => {
    const days = ['2024-09-04T23:59:59Z', '2024-09-05T00:00:00Z', '2024-09-04T12:00:00Z'];
    const active = (value: string | undefined, iso: string) => {
      const result = activeFixes(value, at(iso));
      return result.ok ? [...result.active].sort() : result.error.kind;
    };
    expect(days.map((iso) => active(undefined, iso))).toEqual([
      ['amount-as-string'],
      [...FIX_NAMES].sort(),
      ['amount-as-string'],
    ]);
    expect(days.map((iso) => active('longer-names', iso))).toEqual([
      ['amount-as-string', 'longer-names'],
      [...FIX_NAMES].sort(),
      ['amount-as-string', 'longer-names'],
    ]);
  });

  it('refuses an empty x-accept-fix after a request without one, and the other way round', () => {
    const now = at('2025-01-01T00:00:00Z');
    expect(activeFixes(undefined, now).ok).toBe(true);
    expect(activeFixes('', now)).toMatchObject({
      ok: false,
      error: { kind: 'unknown-fix', name: '' },
    });
    expect(activeFixes(undefined, now).ok).toBe(true);
    expect(activeFixes('bogus', now).ok).toBe(false);
    expect(activeFixes('bogus', now).ok).toBe(false);
  });

  it('returns the typed error for an unknown fix', () => {
    const result = activeFixes('bogus', at('2025-01-01T00:00:00Z'));
    expect(result).toMatchObject({ ok: false, error: { kind: 'unknown-fix', name: 'bogus' } });
  });
});
