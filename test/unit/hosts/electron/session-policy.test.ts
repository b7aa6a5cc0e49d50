import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  appProtocolHeaders,
  applySessionPolicy,
  type PermissionSession,
} from '../../../../main/hosts/electron/session-policy';
import { DEVELOPMENT_BUILD } from '../../../../main/hosts/electron/build-flags';
import { mainWindowOptions } from '../../../../main/hosts/electron/window-policy';
import { scaWindowOptions } from '../../../../main/hosts/electron/sca-window-policy';

function fakeSession() {
  const handlers: {
    request?: Parameters<PermissionSession['setPermissionRequestHandler']>[0];
    check?: Parameters<PermissionSession['setPermissionCheckHandler']>[0];
    device?: Parameters<PermissionSession['setDevicePermissionHandler']>[0];
  } = {};
  const session: PermissionSession = {
    setPermissionRequestHandler: (h) => (handlers.request = h),
    setPermissionCheckHandler: (h) => (handlers.check = h),
    setDevicePermissionHandler: (h) => (handlers.device = h),
  };
  return { session, handlers };
}

const PERMISSIONS = [
  'media',
  'notifications',
  'geolocation',
  'clipboard-read',
  'hid',
  'serial',
  'usb',
  'fullscreen',
  'openExternal',
];

describe('the session policy', () => {
  it('denies every permission request, permission check and device', () => {
    const { session, handlers } = fakeSession();
    applySessionPolicy(session);
    for (const permission of PERMISSIONS) {
      const answers: boolean[] = [];
      handlers.request!({}, permission, (granted) => answers.push(granted));
      expect(answers, permission).toEqual([false]);
      expect(handlers.check!({}, permission), permission).toBe(false);
    }
    expect(handlers.device!({ deviceType: 'hid', origin: 'app://workbench' })).toBe(false);
    expect(handlers.device!({ deviceType: 'usb', origin: 'https://bank.example' })).toBe(false);
  });

  it('is applied by the Electron host to the default session and every new session', () => {
    const host = readFileSync('main/index.ts', 'utf8');
    expect(host).toContain('applySessionPolicy(session.defaultSession)');
    expect(host).toMatch(
      /app\.on\('session-created', \(created\) => applySessionPolicy\(created\)\)/,
    );
  });

  it('serves app:// with the declared type, the CSP and nosniff', () => {
    expect(appProtocolHeaders('text/javascript', "default-src 'self'")).toEqual({
      'content-type': 'text/javascript',
      'content-security-policy': "default-src 'self'",
      'x-content-type-options': 'nosniff',
    });
    expect(readFileSync('main/index.ts', 'utf8')).toContain(
      'headers: appProtocolHeaders(asset.contentType, csp)',
    );
  });
});

describe('DevTools', () => {
  const saved = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = saved;
  });

  it('follow the build, not the environment of the running app', () => {
    for (const value of ['development', 'production', undefined]) {
      if (value === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = value;
      expect(mainWindowOptions('/p.cjs').webPreferences!.devTools).toBe(DEVELOPMENT_BUILD);
      expect(
        scaWindowOptions({
          scaRedirectUrl: 'https://bank.example/sca',
          redirectUri: 'http://127.0.0.1:1/cb',
          tppSessionId: 's',
        }).webPreferences!.devTools,
      ).toBe(DEVELOPMENT_BUILD);
    }
  });

  it('are never switched by an environment variable in the Electron host', () => {
    const dir = 'main/hosts/electron';
    const sources = ['main/index.ts', ...readdirSync(dir).map((file) => join(dir, file))].map(
      (file) => [file, readFileSync(file, 'utf8')] as const,
    );
    for (const [file, text] of sources) {
      expect(text, file).not.toMatch(/process\.env\.NODE_ENV/);
      expect(text, file).not.toMatch(/devTools:\s*process\.env/);
    }
  });
});
