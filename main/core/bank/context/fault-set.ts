/**
 * The fault profiles a request runs under (RequestContext `faults`, §9 sandbox faults) as a set:
 * one set per content of `behaviour.faultProfiles`, made again only when the profiles change, as
 * every request enters the stages with one. A set is never changed once made, so a request keeps
 * the profiles it entered with while the console changes them.
 */

let last: { profiles: readonly string[]; set: ReadonlySet<string> } | undefined;

/** The set of `profiles`: the one made last when they are the same, in the same order. */
export function faultSetOf(profiles: readonly string[]): ReadonlySet<string> {
  const kept = last;
  if (kept && kept.profiles.length === profiles.length) {
    let same = true;
    for (let i = 0; i < profiles.length && same; i++) same = kept.profiles[i] === profiles[i];
    if (same) return kept.set;
  }
  last = { profiles: [...profiles], set: new Set(profiles) };
  return last.set;
}
