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

/** The line the in-order run writes to stderr before each block, naming it (`docs/ci.md:362`). */
export const BLOCK_MARKER = '### docs-test block ';

/**
 * A page's blocks as a reader pastes them: every block that is not skipped, in order, into one
 * shell. Jobs started by one block and variables set by it are still there in the next, which
 * running each block in a shell of its own never shows. Before each block a line on stderr names
 * it, so a failure or a hang points at its block, and the time limit counts per block.
 */
export function pastedInOrder(blocks: ShellBlock[]): string {
  return blocks
    .filter((b) => !b.skip)
    .map((b) => `echo '${BLOCK_MARKER}${b.doc}:${b.line}' >&2\n${b.text}`)
    .join('\n');
}

/** The block an in-order run was in when it ended (the last marker in its output). */
export function lastBlock(output: string): string | undefined {
  const at = output.lastIndexOf(BLOCK_MARKER);
  return at < 0 ? undefined : output.slice(at + BLOCK_MARKER.length).split('\n')[0];
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
 * started outlives it. With `perBlock`, the limit starts again at each block marker of an
 * in-order run (`pastedInOrder`), so a page's run has each block's limit, not their sum.
 */
export function runShellBlock(
  text: string,
  options: {
    cwd: string;
    env: NodeJS.ProcessEnv;
    timeoutMs: number;
    graceMs?: number;
    perBlock?: boolean;
  },
): Promise<BlockRun> {
  const started = Date.now();
  const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', text], {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const group = child.pid!;
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
  let output = '';
  let markers = 0;
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (!options.perBlock) return;
    const seen = output.split(BLOCK_MARKER).length - 1;
    if (seen > markers) timer.refresh(); // a new block: its own limit
    markers = seen;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
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
