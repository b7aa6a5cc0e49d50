// Types of start.mjs, for its unit test.
export interface RunResult {
  code: number | null;
  timedOut: boolean;
  error?: string;
}
export const ALTERNATIVES: string;
export function electronExecutable(
  electronDir: string,
  env?: Record<string, string | undefined>,
): string | undefined;
export function downloadHost(env?: Record<string, string | undefined>): {
  host: string;
  port: number;
};
export function reachable(
  target: { host: string; port: number },
  timeoutMs: number,
): Promise<true | string>;
export function run(
  command: string,
  args: string[],
  options: {
    cwd?: string;
    env?: Record<string, string | undefined>;
    timeoutMs?: number;
    stdio?: 'inherit' | 'ignore' | 'pipe';
  },
): Promise<RunResult>;
export function start(options?: {
  electronDir?: string;
  env?: Record<string, string | undefined>;
  nodeVersion?: string;
  probeTimeoutMs?: number;
  fetchTimeoutMs?: number;
  log?: (text: string) => void;
  probe?: (target: { host: string; port: number }) => Promise<true | string>;
  fetch?: () => Promise<RunResult>;
  build?: () => Promise<number | null>;
  launch?: (executable: string) => Promise<number | null>;
}): Promise<number>;
