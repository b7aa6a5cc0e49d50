/**
 * What the Runner runs against: the active target of the one list (docs/targets.md), chosen in
 * the composer or the Runner alike. A run can use an embedded bank or a target profile that reads;
 * any other target is listed disabled with the reason (state/target-choices.ts). Pure.
 */
import type { TargetsView } from '../../../../main/api/contract';
import type { BankMode } from '../../../../main/shared/mode';
import { choiceOf, targetChoices, type TargetChoice } from '../../state/target-choices';

export type RunTargetOption = TargetChoice;

export function runTargetOptions(view: TargetsView | undefined): RunTargetOption[] {
  return targetChoices(view, 'run');
}

/** The mode the checks are chosen for; sandbox until a profile's mode is known. */
export function modeOfRunTarget(options: readonly RunTargetOption[], id: string): BankMode {
  return choiceOf(options, id)?.mode ?? 'sandbox';
}

/** The target a run would use now: the active one, unless a run cannot use it. */
export function runnableTarget(
  view: TargetsView | undefined,
): { ok: true; option: RunTargetOption } | { ok: false; why: string } {
  if (!view) return { ok: false, why: 'The targets are still loading.' };
  const option = choiceOf(runTargetOptions(view), view.activeTargetId);
  if (!option) return { ok: false, why: `There is no target '${view.activeTargetId}'.` };
  if (option.unusable) return { ok: false, why: `${option.label} cannot run: ${option.unusable}.` };
  return { ok: true, option };
}

/**
 * What the Runner's subtitle says it checks: an embedded bank, or a profile's bank by name and
 * URL.
 */
export function runTargetTitle(view: TargetsView | undefined, id: string): string {
  const target = view?.targets.find((t) => t.id === id);
  if (target?.kind === 'embedded')
    return `the ${target.name.charAt(0).toLowerCase()}${target.name.slice(1)}`;
  const profile = view?.profiles.find((p) => p.id === id);
  const name = target?.name ?? profile?.name ?? profile?.baseUrl ?? profile?.path;
  const url = target?.baseUrl ?? profile?.baseUrl;
  if (!name) return 'the chosen bank';
  return url && name !== url && !name.includes(url) ? `${name} (${url})` : name;
}
