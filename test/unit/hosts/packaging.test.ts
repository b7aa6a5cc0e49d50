/**
 * The packaging configuration (electron-builder.json), checked as data: electron-builder itself
 * needs the Electron binary, which the build machines cannot download.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseV1Options, FuseVersion, getCurrentFuseWire } from '@electron/fuses';
import { describe, expect, it } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };
import { afterPack, electronBinary, fuseConfig } from '../../../scripts/electron-fuses.mjs';

interface BuilderConfig {
  asar: boolean;
  afterPack: string;
  files: string[];
  publish: null;
  linux: { target: string[] };
  deb: { depends: string[] };
  mac: { target: string[] };
  win: { target: string[] };
}

const config = JSON.parse(readFileSync('electron-builder.json', 'utf8')) as BuilderConfig;

describe('packaging', () => {
  it('builds Linux AppImage and deb, macOS dmg and Windows NSIS installers', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
  });

  it('packs the built bundles (main, preload, renderer) into an asar, without source maps', () => {
    expect(config.asar).toBe(true);
    expect(config.files).toEqual(expect.arrayContaining(['out/**', 'package.json', '!**/*.map']));
    expect(packageJson.main).toBe('out/main/index.js');
  });

  it('publishes nowhere on its own, and has a dist script', () => {
    expect(config.publish).toBeNull();
    expect(packageJson.scripts.dist).toMatch(/electron-builder --config electron-builder\.json/);
  });

  it('needs the Secret Service library on Linux, for safeStorage', () => {
    expect(config.deb.depends).toContain('libsecret-1-0');
  });

  it('flips the Electron fuses after packing, before signing', () => {
    expect(config.afterPack).toBe('./scripts/electron-fuses.mjs');
    expect(fuseConfig).toEqual({
      version: FuseVersion.V1,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    });
  });

  it('finds the packed Electron binary on each platform', () => {
    const packager = {
      appInfo: { productFilename: 'PSD2 Workbench' },
      executableName: 'psd2-workbench',
    };
    expect(electronBinary({ appOutDir: '/o', electronPlatformName: 'linux', packager })).toBe(
      '/o/psd2-workbench',
    );
    expect(electronBinary({ appOutDir: '/o', electronPlatformName: 'win32', packager })).toBe(
      '/o/PSD2 Workbench.exe',
    );
    expect(electronBinary({ appOutDir: '/o', electronPlatformName: 'darwin', packager })).toBe(
      '/o/PSD2 Workbench.app/Contents/MacOS/PSD2 Workbench',
    );
  });

  it("writes the fuses into a binary that carries Electron's fuse wire", async () => {
    // A stand-in binary: the sentinel, wire version 1, eight fuses all in Electron's defaults.
    const dir = mkdtempSync(join(tmpdir(), 'fuses-'));
    try {
      const sentinel = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
      const wire = Buffer.from([1, 8, ...Buffer.from('10101001')]);
      const binary = Buffer.concat([
        Buffer.alloc(64, 7),
        Buffer.from(sentinel),
        wire,
        Buffer.alloc(64, 7),
      ]);
      writeFileSync(join(dir, 'psd2-workbench'), binary);
      await afterPack({
        appOutDir: dir,
        electronPlatformName: 'linux',
        packager: {
          appInfo: { productFilename: 'PSD2 Workbench' },
          executableName: 'psd2-workbench',
        },
      });
      const fuses = await getCurrentFuseWire(join(dir, 'psd2-workbench'));
      const on = (option: FuseV1Options) => (fuses as Record<number, number>)[option] === 49;
      expect(on(FuseV1Options.RunAsNode)).toBe(false);
      expect(on(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe(false);
      expect(on(FuseV1Options.EnableNodeCliInspectArguments)).toBe(false);
      expect(on(FuseV1Options.GrantFileProtocolExtraPrivileges)).toBe(false);
      expect(on(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe(true);
      expect(on(FuseV1Options.OnlyLoadAppFromAsar)).toBe(true);
      expect(on(FuseV1Options.EnableCookieEncryption)).toBe(true);
      expect(readFileSync(join(dir, 'psd2-workbench')).length).toBe(binary.length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
