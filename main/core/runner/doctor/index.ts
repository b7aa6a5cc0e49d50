/**
 * `workbench doctor`: pre-flight checks of a target profile, to find the configuration errors
 * that would otherwise show only after a run (wrong key, missing role, untrusted CA, clock, mode).
 */
export * from './types.js';
export * from './run.js';
export * from '../targets/target-mode.js';
export { REACHABILITY_PATH } from './probes.js';
