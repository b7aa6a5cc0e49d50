// Types of test.mjs, for its unit test.
export const STAGES: string[];
export function runStages(stages: string[], runStage: (stage: string) => number): string[];
export function closingLines(
  summary: { notes: string[]; line: string },
  failedStages: string[],
): string[];
