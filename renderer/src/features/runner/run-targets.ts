/**
 * What the Runner can run against: the two embedded banks and the target profiles added in
 * Settings → Targets. A profile that does not read is listed but cannot be chosen (its problems are
 * shown in Targets).
 */
import type { TargetsView } from '../../../../main/api/contract';
import type { BankMode } from '../../../../main/shared/mode';

export interface RunTargetOption {
  id: string;
  label: string;
  kind: 'embedded' | 'profile';
  /** Unknown for a profile that does not read. */
  mode?: BankMode;
  disabled: boolean;
}

export const EMBEDDED_RUN_TARGETS: RunTargetOption[] = [
  {
    id: 'embedded-sandbox',
    label: 'Embedded bank (sandbox)',
    kind: 'embedded',
    mode: 'sandbox',
    disabled: false,
  },
  {
    id: 'embedded-production',
    label: 'Embedded bank (production)',
    kind: 'embedded',
    mode: 'production',
    disabled: false,
  },
];

export function runTargetOptions(view: TargetsView | undefined): RunTargetOption[] {
  const profiles = (view?.profiles ?? []).map((p): RunTargetOption => ({
    id: p.id,
    label: p.ok
      ? `Profile: ${p.name ?? p.baseUrl ?? p.path} (${p.scaMode ?? 'headless'} SCA)`
      : `Profile: ${p.path} (does not read)`,
    kind: 'profile',
    ...(p.mode ? { mode: p.mode } : {}),
    disabled: !p.ok,
  }));
  return [...EMBEDDED_RUN_TARGETS, ...profiles];
}

/** The mode the checks are chosen for; sandbox until a profile's mode is known. */
export function modeOfRunTarget(options: readonly RunTargetOption[], id: string): BankMode {
  return options.find((o) => o.id === id)?.mode ?? 'sandbox';
}

/**
 * What the Runner's subtitle says it checks: the chosen embedded bank, or a profile's bank by
 * name and URL.
 */
export function runTargetTitle(view: TargetsView | undefined, id: string): string {
  const embedded = EMBEDDED_RUN_TARGETS.find((t) => t.id === id);
  if (embedded) return `the ${embedded.label.charAt(0).toLowerCase()}${embedded.label.slice(1)}`;
  const profile = view?.profiles.find((p) => p.id === id);
  if (!profile) return 'the chosen bank';
  const name = profile.name ?? profile.baseUrl ?? profile.path;
  return profile.baseUrl && profile.name ? `${name} (${profile.baseUrl})` : name;
}
