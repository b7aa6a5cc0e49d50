import { describe, expect, it } from 'vitest';
import {
  allowMainWindowNavigation,
  isTrustedSender,
  mainWindowOptions,
} from '../../../../main/hosts/electron/window-policy';

describe('the workbench window policy', () => {
  it('runs the renderer isolated and sandboxed, without Node or webviews', () => {
    const prefs = mainWindowOptions('/x/preload.cjs').webPreferences!;
    expect(prefs).toMatchObject({
      preload: '/x/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
    });
  });

  it.each([
    ['app://workbench/index.html', true],
    ['app://workbench/assets/x.js', true],
    ['app://evil/index.html', false],
    ['https://bank.example/sca', false],
    ['file:///etc/passwd', false],
    ['not a url', false],
  ])('navigation to %s allowed: %s', (url, allowed) => {
    expect(allowMainWindowNavigation(url)).toBe(allowed);
  });

  it('accepts IPC calls only from the app frame', () => {
    expect(isTrustedSender('app://workbench/index.html')).toBe(true);
    expect(isTrustedSender('http://127.0.0.1:8080/')).toBe(false);
    expect(isTrustedSender(undefined)).toBe(false);
  });
});
