/**
 * The registry of checks the runner and `workbench rules` see. Empty on purpose: checks are written
 * against the embedded bank once it serves the endpoints they probe, each naming the catalogue
 * rules (suites/rules) it covers. Add a check by importing it here, grouped by area.
 */
import type { Check } from './check-api.js';

export const CHECKS: readonly Check[] = [];
