import { useEffect, useState } from 'react';
import { jsonParseError } from '../../../lib/format';
import { linksOf } from '../../../lib/links';
import { useBankStore } from '../../../state/bank-store';
import { useScaStore } from '../../../state/sca-store';
import { useSessionStore } from '../../../state/session-store';
import { useSettings } from '../../../state/settings-store';
import { useActiveTarget, useTargetsStore } from '../../../state/targets-store';
import { draftProblems, type RequestDraft } from '../request-model';
import { useComposerStore, variableValuesOf } from '../store';
import { activeVariables } from '../environments';
import { lockedSecrets, resolvedDraft, unknownVariables } from '../variables';
import type { EditorProblem } from './BodyEditor';

const PREVIEW_DELAY_MS = 350;

/**
 * What the composer's form shows and does: the store and the active target read, what stops a
 * send, the debounced preview, the answer of the shown target, and Ctrl/Cmd+Enter to send.
 */
export function useComposerForm() {
  const store = useComposerStore();
  const {
    draft,
    catalogue,
    schemas,
    preview,
    previewError,
    response,
    sending,
    error,
    notice,
    foreignOrigin,
  } = store;
  const linkSource = store.linkSource;
  const settings = useSettings();
  const target = useActiveTarget();
  const targets = useTargetsStore((s) => s.view?.targets);
  const beginSca = useScaStore((s) => s.begin);
  // The preview carries the PSU session's headers: a new session or PSU makes a new preview.
  const session = useSessionStore((s) => (target ? s.sessions[target.id] : undefined));
  const startBank = useBankStore((s) => s.start);
  const bankBusy = useBankStore((s) => s.busy);
  const bankError = useBankStore((s) => s.error);
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  const reachable = target !== undefined && (target.kind !== 'embedded' || target.running === true);
  const endpoint = catalogue?.endpoints.find((e) => e.operationId === draft.operationId);
  const parseError = jsonParseError(draft.body);
  const targetVariables = activeVariables(target && store.variables[target.id]);
  // The session's PSU-ID is read here so a new one re-renders (and re-previews) the form.
  const values = target
    ? variableValuesOf(store.variables, target.id)
    : ({} as Record<string, string>);
  const blockers = [
    ...draftProblems(draft),
    ...unknownVariables(draft, values, lockedSecrets(targetVariables)),
  ];

  useEffect(() => {
    if (!catalogue) void store.loadCatalogue();
    // Once per visit; the store keeps the draft between visits.
  }, []);

  // The preview follows the draft, the target and its PSU session (debounced: main signs each one).
  const previewKey = JSON.stringify([
    // What is sent: a captured variable the draft does not use changes nothing here.
    resolvedDraft(draft, values),
    target?.id,
    target?.baseUrl,
    target?.signingCertificate,
    session?.tppSessionId,
    session?.psuId,
    session?.psuCorporateId,
  ]);
  useEffect(() => {
    if (!target || !reachable || blockers.length > 0) return;
    const timer = setTimeout(() => void store.refreshPreview(target.id), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [previewKey, reachable]);

  // An answer belongs to the target it came from (its scaRedirect points at that bank): after a
  // target switch the tab keeps it for when its target is chosen again, and does not show it here.
  const answer = response && response.targetId === target?.id ? response : undefined;
  const answeredBy = response && !answer ? targetName(targets, response.targetId) : undefined;
  const scaRedirect = linksOf(answer?.response?.json).find(
    (link) => link.relation === 'scaRedirect',
  )?.href;

  const canSend = target !== undefined && reachable && blockers.length === 0 && !sending;
  const send = () => {
    if (canSend) void store.send(target.id);
  };

  // Ctrl/Cmd+Enter anywhere in the composer (the body editor registers its own command).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        send();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const set = (change: Partial<RequestDraft>) => store.setDraft(change);

  return {
    store,
    draft,
    schemas,
    preview,
    previewError,
    sending,
    error,
    notice,
    foreignOrigin,
    linkSource,
    settings,
    target,
    beginSca,
    startBank,
    bankBusy,
    bankError,
    problems,
    setProblems,
    reachable,
    endpoint,
    parseError,
    targetVariables,
    values,
    blockers,
    answer,
    answeredBy,
    scaRedirect,
    canSend,
    send,
    set,
  };
}

/** What the composer's parts are drawn from. */
export type ComposerForm = ReturnType<typeof useComposerForm>;

/** A target's name for the user, or its id when it is no longer listed. */
function targetName(targets: readonly { id: string; name: string }[] | undefined, id: string) {
  return targets?.find((t) => t.id === id)?.name ?? id;
}
