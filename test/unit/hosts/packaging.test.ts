/**
 * The packaging configuration (electron-builder.json), checked as data: electron-builder itself
 * needs the Electron binary, which the build machines cannot download.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };

interface BuilderConfig {
  asar: boolean;
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
});
