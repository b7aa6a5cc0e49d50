/**
 * The collection formats' own libraries — Postman's SDK (`postman-collection`) and Bruno's
 * language (`@usebruno/lang`) — are optional peer dependencies (package.json): an install that
 * only runs checks, as a pipeline's does, leaves them out, since postman-collection alone brings
 * about 18 MB (the faker data behind Postman's `{{$random…}}` variables). The converters load on
 * first use (core/collections/formats.ts); when a library is missing there, the call is refused
 * with the one command that installs both, so the CLI and the UI say the next step.
 */
import packageJson from '../../../../package.json' with { type: 'json' };
import { CallRefused } from '../../dispatch.js';

/** The optional packages the Postman and Bruno formats are read and written with. */
export const FORMAT_LIBRARIES = ['postman-collection', '@usebruno/lang'] as const;

/** `npm install` of both libraries at the versions package.json accepts. */
export const FORMAT_LIBRARIES_INSTALL = `npm install ${FORMAT_LIBRARIES.map(
  (name) => `${name}@${packageJson.peerDependencies[name]}`,
).join(' ')}`;

/** The format library a failed import says is missing (Node: "Cannot find package 'x'"). */
export function missingFormatLibrary(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return undefined;
  return FORMAT_LIBRARIES.find((name) => error.message.includes(`'${name}'`));
}

/** `load()`, refused in one line naming the install command when a format library is missing. */
export async function withFormatLibraries<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const missing = missingFormatLibrary(error);
    if (missing === undefined) throw error;
    throw new CallRefused(
      `Postman and Bruno files need the optional package ${missing}, which is not installed: run \`${FORMAT_LIBRARIES_INSTALL}\` where the workbench is installed (add -g for a global install).`,
    );
  }
}

/** The converters of core/collections/formats.ts, loaded on first use. */
export const collectionFormats = () =>
  withFormatLibraries(() => import('../../../core/collections/formats.js'));
