/**
 * The size an evidence bundle may have when it is imported: three reports, a
 * HAR and a curl script of one run are a few MB. One source for the contract's argument limit and
 * the reader's (main/core/runner/evidence/bundle-import.ts).
 */
export const MAX_BUNDLE_BYTES = 32 * 1024 * 1024;
