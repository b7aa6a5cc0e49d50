/** What modules look for in a window of exchanges. */
import type { Observation } from '../../log/tpp-findings/recorder.js';

/** Exchanges on a route (`METHOD /path/template`) answered with a status in [from, to). */
export function answered(
  observations: readonly Observation[],
  method: string,
  path: string | ((template: string) => boolean),
  status: number | [number, number],
): Observation[] {
  const [from, to] = typeof status === 'number' ? [status, status + 1] : status;
  const matches = typeof path === 'string' ? (template: string) => template === path : path;
  return observations.filter(
    (observation) =>
      observation.route !== undefined &&
      observation.record.request.method === method &&
      matches(observation.route.path) &&
      observation.record.response.status >= from &&
      observation.record.response.status < to,
  );
}

/** Requests to the bank's SCA pages: a PSU's browser the TPP sent there. */
export function pageVisits(observations: readonly Observation[]): Observation[] {
  return observations.filter((observation) => observation.route?.kind === 'page');
}

/** Requests the TPP signed (every PSD2 route; not the SCA pages nor the bank's meta routes). */
export function tppRequests(observations: readonly Observation[]): Observation[] {
  return observations.filter(
    (observation) => observation.route?.signed === true && observation.route.kind !== 'page',
  );
}

/** The first of `reasons` that holds, or undefined. */
export function firstMissing(
  ...reasons: readonly (readonly [boolean, string])[]
): string | undefined {
  return reasons.find(([lacking]) => lacking)?.[1];
}
