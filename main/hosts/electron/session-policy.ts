/**
 * What every Electron session may do: nothing beyond loading pages. The workbench needs no
 * camera, microphone, notifications, geolocation, clipboard-read, HID, USB, serial or Bluetooth,
 * and the bank's SCA pages must not get them either; Electron grants most permissions by default.
 * Plain functions over the one slice of `Session` used, so they are tested without Electron.
 */

/** The slice of Electron's Session the policy sets. */
export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (
      webContents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
    ) => void,
  ): void;
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string) => boolean): void;
  setDevicePermissionHandler(handler: (details: unknown) => boolean): void;
}

/** A request (getUserMedia, Notification.requestPermission, …): refused. */
export function denyPermissionRequest(
  _webContents: unknown,
  _permission: string,
  callback: (granted: boolean) => void,
): void {
  callback(false);
}

/** A synchronous check (navigator.permissions.query, …): not granted. */
export function denyPermissionCheck(_webContents: unknown, _permission: string): boolean {
  return false;
}

/** WebHID, WebUSB, Web Serial, Web Bluetooth devices: none. */
export function denyDevicePermission(_details: unknown): boolean {
  return false;
}

/** Applied to the default session and to every session created later (the SCA partitions). */
export function applySessionPolicy(session: PermissionSession): void {
  session.setPermissionRequestHandler(denyPermissionRequest);
  session.setPermissionCheckHandler(denyPermissionCheck);
  session.setDevicePermissionHandler(denyDevicePermission);
}

/**
 * Headers of every app:// response: the content type the asset reader decided, the CSP, and
 * nosniff so a file is never run as a type other than the one declared.
 */
export function appProtocolHeaders(contentType: string, csp: string): Record<string, string> {
  return {
    'content-type': contentType,
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
  };
}
