/** The product's name and version, read once from package.json at build time. */
import packageJson from '../../package.json' with { type: 'json' };

export const productInfo = {
  name: 'PSD2 Workbench',
  packageName: packageJson.name,
  version: packageJson.version,
} as const;
