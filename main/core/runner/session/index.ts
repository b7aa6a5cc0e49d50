/**
 * One run session for every host: a request planned (plan.ts), its target prepared (prepare.ts),
 * its checks run with the metadata every report carries (run.ts, metadata.ts), and what it leaves
 * behind: report files and their named copies, the adopted baseline, the signed bundle and the
 * outcome (finish.ts). `workbench run` and the UI's runner service both go through it; they keep
 * only their flags and printing, their calls and views.
 */
export * from './baselines.js';
export * from './bundle.js';
export * from './finish.js';
export * from './metadata.js';
export * from './outcome.js';
export * from './plan.js';
export * from './prepare.js';
export * from './report-files.js';
export * from './run.js';
