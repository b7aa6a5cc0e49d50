/**
 * The shell blocks of the docs that a user is meant to paste, as a test runs them: every ```sh
 * block of README.md and docs/*.md, each with the reason it is not run when the doc marks it so
 * (`<!-- docs-test: skip — reason -->` on the line before the block), and a way to run one in a
 * folder with a time limit, ending every process it left behind by its process group.
 */
import { spawn } from 'node:child_process';

export interface ShellBlock {
  /** The doc, relative to the repository, e.g. `docs/targets.md`. */
  doc: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The block's text, as pasted. */
  text: string;
  /** Why it is not run, when the doc says so. */
  skip?: string;
}

const SKIP_MARKER = /^<!--\s*docs-test:\s*skip\s*[—–:-]\s*(.+?)\s*-->$/;

/** The ```sh blocks of one Markdown text, at the left margin (an indented fence is an example). */
export function shellBlocks(doc: string, markdown: string): ShellBlock[] {
  const lines = markdown.split('\n');
  const blocks: ShellBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```sh\s*$/.test(lines[i]!)) continue;
    const end = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
    if (end < 0) throw new Error(`${doc}:${i + 1}: a \`\`\`sh block without its closing fence`);
    let before = i - 1;
    while (before >= 0 && lines[before]!.trim() === '') before--;
    const skip = before >= 0 ? SKIP_MARKER.exec(lines[before]!.trim())?.[1] : undefined;
    blocks.push({
      doc,
      line: i + 1,
      text: lines.slice(i + 1, end).join('\n'),
      ...(skip ? { skip } : {}),
    });
    i = end;
  }
  return blocks;
}

export interface BlockRun {
  code: number | null;
  /** stdout and stderr together, in order. */
  output: string;
  timedOut: boolean;
  durationMs: number;
}

/**
 * Runs `text` with bash (`-e -o pipefail`: a failing command fails the block) in `cwd`, in a
 * process group of its own. When the block ends or `timeoutMs` passes, the group is sent SIGTERM
 * (a `workbench bank &` saves and exits on it), then SIGKILL after `graceMs`, so nothing it
 * started outlives it.
 */
export function runShellBlock(
  text: string,
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; graceMs?: number },
): Promise<BlockRun> {
  const started = Date.now();
  const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', text], {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const group = child.pid!;
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const signalGroup = (signal: NodeJS.Signals | 0): boolean => {
    try {
      process.kill(-group, signal);
      return true;
    } catch {
      return false; // the group is empty: every process ended
    }
  };
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    signalGroup('SIGTERM');
  }, options.timeoutMs);
  return new Promise((resolve) => {
    // 'exit', not 'close': a process it left in the background may hold its output open.
    child.on('exit', (code) => {
      clearTimeout(timer);
      const result = { code, output, timedOut, durationMs: Date.now() - started };
      if (!signalGroup('SIGTERM')) return resolve(result);
      // Leftovers (a bank started with &): SIGTERM first, then SIGKILL what is still there.
      const deadline = Date.now() + (options.graceMs ?? 5000);
      const poll = setInterval(() => {
        if (!signalGroup(0)) {
          clearInterval(poll);
          resolve(result);
        } else if (Date.now() > deadline) {
          signalGroup('SIGKILL');
          clearInterval(poll);
          resolve(result);
        }
      }, 100);
    });
  });
}
