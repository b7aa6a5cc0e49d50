/**
 * The one list of targets (docs/targets.md) as a target switcher offers it: the embedded banks,
 * the external targets and the profiles that read, then the profiles that do not. What the view
 * does with a target decides which can be chosen: the composer sends to any target that reads; a
 * run needs an embedded bank or a target profile, because a profile is where its certificates,
 * PSUs and SCA come from. A target that cannot be used is listed, disabled, with the reason. Pure.
 */
import type { TargetsView, TargetView } from '../../../main/api/contract';
import type { BankMode } from '../../../main/shared/mode';

/** What the switcher's view does with the chosen target. */
export type TargetUse = 'send' | 'run';

export interface TargetChoice {
  id: string;
  label: string;
  kind: TargetView['kind'];
  /** Unknown for a profile that does not read. */
  mode?: BankMode;
  /** Why this view cannot use it; none: it can. */
  unusable?: string;
  /** The reason in a few words, for the list itself. */
  unusableShort?: string;
}

/** Why a run cannot use a target of the list (in full and in a few words), or none. */
function runRefusal(target: TargetView): Pick<TargetChoice, 'unusable' | 'unusableShort'> {
  if (target.kind === 'external')
    return {
      unusable:
        'a run needs a target profile (its certificates, PSUs and SCA): add one in Settings → Targets',
      unusableShort: 'a run needs a target profile',
    };
  return {};
}

function labelOf(target: TargetView, use: TargetUse): string {
  if (target.kind === 'embedded')
    // A run starts a fresh embedded bank per check: whether the shared one runs is the composer's.
    return use === 'send' && !target.running ? `${target.name} — stopped` : target.name;
  const where =
    target.baseUrl && !target.name.includes(target.baseUrl) ? ` — ${target.baseUrl}` : '';
  return `${target.kind === 'profile' ? 'Profile' : 'External'}: ${target.name}${where} (${target.mode})`;
}

export function targetChoices(view: TargetsView | undefined, use: TargetUse): TargetChoice[] {
  const listed = (view?.targets ?? []).map((target): TargetChoice => {
    return {
      id: target.id,
      label: labelOf(target, use),
      kind: target.kind,
      mode: target.mode,
      ...(use === 'run' ? runRefusal(target) : {}),
    };
  });
  const unreadable = (view?.profiles ?? [])
    .filter((profile) => !profile.ok)
    .map((profile): TargetChoice => ({
      id: profile.id,
      label: `Profile: ${profile.path}`,
      kind: 'profile',
      ...(profile.mode ? { mode: profile.mode } : {}),
      unusable: `the profile does not read: ${profile.problems[0] ?? 'see Settings → Targets'}`,
      unusableShort: 'does not read',
    }));
  return [...listed, ...unreadable];
}

/** The choice of `id`, or none when the list does not have it (yet). */
export function choiceOf(choices: readonly TargetChoice[], id: string): TargetChoice | undefined {
  return choices.find((choice) => choice.id === id);
}
