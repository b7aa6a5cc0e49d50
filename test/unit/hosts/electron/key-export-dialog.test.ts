import { describe, expect, it } from 'vitest';
import {
  confirmKeyExportWithDialog,
  keyExportMessageBox,
  type KeyExportMessageBox,
} from '../../../../main/hosts/electron/key-export-dialog.js';

const request = { handle: 'h', label: 'Test CA', kind: 'ca', format: 'pkcs8' as const };

describe('the desktop key export dialog', () => {
  it('names the entry and defaults to Cancel for Enter and Escape', () => {
    const box = keyExportMessageBox(request);
    expect(box.message).toContain("'Test CA'");
    expect(box.message).toContain('a CA');
    expect(box.buttons[box.defaultId]).toBe('Cancel');
    expect(box.buttons[box.cancelId]).toBe('Cancel');
    expect(box.detail).toContain('encrypted PKCS#8');
  });

  it('confirms only when Export is pressed', async () => {
    const shown: KeyExportMessageBox[] = [];
    const answers = [0, 1, 2];
    const confirm = confirmKeyExportWithDialog((options) => {
      shown.push(options);
      return Promise.resolve({ response: answers.shift()! });
    });
    expect(await confirm(request)).toBe(false);
    expect(await confirm(request)).toBe(true);
    expect(await confirm(request)).toBe(false);
    expect(shown).toHaveLength(3);
    expect(shown[1]!.buttons[1]).toBe('Export');
  });
});
