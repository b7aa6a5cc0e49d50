/**
 * Which bank a run checked, as the run list, the headers and the comparison name it: an embedded
 * bank by its mode (each check had a fresh one, at no fixed address), any other bank by its name
 * and base URL. Runs with the same key checked the same bank. Pure.
 */
import type { TargetInfo } from './run-result.js';
import type { BankMode } from './mode.js';

export interface RunTargetIdentity {
  /** Equal for runs of the same bank: `embedded sandbox`, or the mode and the base URL. */
  key: string;
  /** `embedded bank (sandbox)`, a profile's name, or the base URL. */
  name: string;
  /** The base URL; none for an embedded bank. */
  url?: string;
  mode: BankMode;
}

type TargetFacts = Pick<TargetInfo, 'baseUrl' | 'mode' | 'name' | 'shared'>;

/** An embedded target: not one shared bank, and named (or addressed) as the embedded one. */
function isEmbedded(info: TargetFacts): boolean {
  return !info.shared && /embedded/i.test(`${info.name ?? ''} ${info.baseUrl}`);
}

export function runTargetIdentity(info: TargetFacts): RunTargetIdentity {
  if (isEmbedded(info))
    return {
      key: `embedded ${info.mode}`,
      name: withMode(info.name ?? 'embedded bank', info.mode),
      mode: info.mode,
    };
  const url = info.baseUrl.replace(/\/+$/, '');
  return { key: `${info.mode} ${url}`, name: info.name ?? url, url, mode: info.mode };
}

/**
 * `embedded bank (sandbox)`, `Acme test bank — https://acme.example:8443 (sandbox)`: the name, the
 * URL unless the name has it already, the mode unless the name says it.
 */
export function runTargetText(target: RunTargetIdentity): string {
  if (!target.url) return target.name;
  const named = target.name.includes(target.url) ? target.name : `${target.name} — ${target.url}`;
  return withMode(named, target.mode);
}

/** `name (mode)`, unless the name says its mode already. */
function withMode(name: string, mode: BankMode): string {
  return name.includes(`(${mode})`) ? name : `${name} (${mode})`;
}
