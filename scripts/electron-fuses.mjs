// electron-builder afterPack hook (electron-builder.json "afterPack"): flips the Electron fuses of
// the packaged binary before it is signed. Fuses are compiled-in switches that no flag or
// environment variable can turn back on in the shipped app:
// - RunAsNode off: ELECTRON_RUN_AS_NODE cannot turn the app into a plain Node with its privileges;
// - EnableNodeOptionsEnvironmentVariable off: NODE_OPTIONS cannot inject code (--require);
// - EnableNodeCliInspectArguments off: --inspect cannot attach a debugger to main (the keystore);
// - EnableEmbeddedAsarIntegrityValidation on, OnlyLoadAppFromAsar on: main runs only the app.asar
//   that was packed (electron-builder records its hash; validated on macOS and Windows — Electron
//   has no asar integrity on Linux, where OnlyLoadAppFromAsar still refuses a loose app folder);
// - EnableCookieEncryption on: cookies at rest sealed by the OS keychain;
// - GrantFileProtocolExtraPrivileges off: the app loads from app://, file:// gets no extra rights.
// Plain data and functions so test/unit/hosts/packaging.test.ts asserts them without Electron.
import { join } from 'node:path';
import { FuseV1Options, FuseVersion, flipFuses } from '@electron/fuses';

export const fuseConfig = {
  version: FuseVersion.V1,
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
};

/** The Electron executable inside the packed app, per platform (electron-builder's layout). */
export function electronBinary({ appOutDir, electronPlatformName, packager }) {
  const name = packager.appInfo.productFilename;
  switch (electronPlatformName) {
    case 'darwin':
    case 'mas':
      return join(appOutDir, `${name}.app`, 'Contents', 'MacOS', name);
    case 'win32':
      return join(appOutDir, `${name}.exe`);
    default:
      return join(appOutDir, packager.executableName);
  }
}

export async function afterPack(context) {
  const darwin =
    context.electronPlatformName === 'darwin' || context.electronPlatformName === 'mas';
  // Flipping fuses breaks macOS's ad-hoc signature (arm64 refuses to start): re-sign ad hoc; the
  // real signature comes after this hook.
  await flipFuses(electronBinary(context), { ...fuseConfig, resetAdHocDarwinSignature: darwin });
}

export default afterPack;
