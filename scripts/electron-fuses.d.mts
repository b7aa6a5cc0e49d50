// Types of the afterPack hook (electron-fuses.mjs), for its unit test.
import type { FuseV1Config } from '@electron/fuses';

export interface AfterPackContext {
  appOutDir: string;
  electronPlatformName: string;
  packager: { appInfo: { productFilename: string }; executableName: string };
}

export const fuseConfig: FuseV1Config;
export function electronBinary(context: AfterPackContext): string;
export function afterPack(context: AfterPackContext): Promise<void>;
export default afterPack;
