import { describe, expect, it } from 'vitest';
import { exportPassphraseProblem } from '../../../main/shared/export-passphrase.js';

describe('the export passphrase rule', () => {
  it('refuses short, repetitive and trivially guessable passphrases', () => {
    expect(exportPassphraseProblem('Tr0ub4dor&3')).toMatch(/at least 12 characters/);
    expect(exportPassphraseProblem('aaaaaaaaaaaaaaaa')).toMatch(/6 different characters/);
    expect(exportPassphraseProblem('abababababab')).toMatch(/6 different characters/);
    for (const weak of [
      'password1234',
      'Password1234!',
      'qwertyuiop12',
      'abcdefghijkl',
      '123456789012',
      'zyxwvutsrqpo',
      'workbench2024',
      'letmeinletmein',
      'aaa111bbb222ccc999',
    ]) {
      expect(exportPassphraseProblem(weak), weak).toMatch(/too easy to guess/);
    }
  });

  it('accepts passphrases that are long and not made of runs or common words', () => {
    for (const strong of [
      'export passphrase',
      'Tr0ub4dor&3x!',
      'correct horse battery staple',
      'blåbærsyltetøy 🔑',
    ]) {
      expect(exportPassphraseProblem(strong), strong).toBeUndefined();
    }
  });
});
