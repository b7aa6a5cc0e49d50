/**
 * A collection run as the hosts start it (docs/collections.md, "Running a collection"): the saved
 * collection, the target's chosen environment (its active one unless named) and the PSU-ID its
 * session knows, and every request sent through the composer's own send path (TppService.send:
 * signed with the target's QSealC, §5.2, and kept in the history like a composed request).
 */
import {
  runCollection,
  RunInputError,
  type CollectionRunResult,
  type RunRequestResult,
} from '../../../core/collections/collection-run.js';
import type { Clock } from '../../../core/clock.js';
import { redactedData } from '../../../core/tpp/redact-secrets.js';
import { CallRefused } from '../../dispatch.js';
import type { CollectionsService } from './collections-service.js';
import type { TppService } from '../tpp/tpp-service.js';
import type { WorkspaceService } from '../workspace/workspace-service.js';

export interface CollectionRunDeps {
  collections: CollectionsService;
  workspace: WorkspaceService;
  tpp: TppService;
  clock: Clock;
}

export interface CollectionRunArgs {
  collection: string;
  folder?: string;
  targetId: string;
  /** One of the target's environments; its active one when absent. */
  environment?: string;
}

/** Name → the latest value of each variable of the target's environment. */
async function environmentValues(
  workspace: WorkspaceService,
  targetId: string,
  environment: string | undefined,
): Promise<{ name: string | undefined; values: Record<string, string> }> {
  const target = (await workspace.variables())[targetId];
  const name = environment ?? target?.active;
  if (name === undefined) return { name: undefined, values: {} };
  const variables = target?.environments[name];
  if (!variables || !Object.hasOwn(target.environments, name)) {
    const known = Object.keys(target?.environments ?? {});
    throw new CallRefused(
      `The target ${targetId} has no environment '${name}'` +
        (known.length ? `; its environments: ${known.join(', ')}.` : '; it has no environments.'),
    );
  }
  const values: Record<string, string> = {};
  // A secret still sealed (the keystore locked) has no value yet: its reference stays unfilled,
  // so the request is not sent and fails naming it, never sent with the secret empty.
  for (const [key, list] of Object.entries(variables))
    if (list[0] && list[0].sealed === undefined) values[key] = list[0].value;
  return { name, values };
}

export async function runSavedCollection(
  deps: CollectionRunDeps,
  args: CollectionRunArgs,
  onResult?: (result: RunRequestResult) => void,
): Promise<CollectionRunResult> {
  const collection = (await deps.collections.list()).find((c) => c.name === args.collection);
  if (!collection) {
    const names = (await deps.collections.list()).map((c) => `'${c.name}'`);
    throw new CallRefused(
      `There is no collection '${args.collection}'` +
        (names.length ? `; the saved ones: ${names.join(', ')}.` : '; none is saved.'),
    );
  }
  const environment = await environmentValues(deps.workspace, args.targetId, args.environment);
  // The PSU-ID the target's session identified fills `{{psuId}}`, as in the composer (§5.3).
  const psuId = (await deps.tpp.session(args.targetId)).psuId;
  const values = { ...environment.values, ...(psuId ? { psuId } : {}) };
  // What a run reports (progress, JUnit, JSON) shows a secret as {{name}}, as History does.
  const secrets = await deps.workspace.secretValues(args.targetId);
  const shown = (result: RunRequestResult) => redactedData(result, secrets);
  try {
    const run = await runCollection({
      collection,
      ...(args.folder !== undefined ? { folder: args.folder } : {}),
      target: args.targetId,
      ...(environment.name !== undefined ? { environment: environment.name } : {}),
      values,
      now: () => deps.clock.now(),
      ...(onResult ? { onResult: (result: RunRequestResult) => onResult(shown(result)) } : {}),
      send: async (request, label) => {
        try {
          const exchange = await deps.tpp.send(args.targetId, request, label);
          return {
            url: exchange.request.url,
            ...(exchange.response
              ? { status: exchange.response.status, json: exchange.response.json }
              : {}),
            ...(exchange.error !== undefined ? { error: exchange.error } : {}),
            durationMs: exchange.timings.totalMs,
          };
        } catch (error) {
          // Refused before sending (a foreign origin, a bad header): that request fails, saying why.
          return { url: request.path, error: (error as Error).message, durationMs: 0 };
        }
      },
    });
    return { ...run, requests: run.requests.map(shown) };
  } catch (error) {
    if (error instanceof RunInputError) throw new CallRefused(error.message);
    throw error;
  }
}
