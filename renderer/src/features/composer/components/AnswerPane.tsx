import { ErrorNotice } from '../../../components/ErrorNotice';
import { linksOf } from '../../../lib/links';
import { ResponseView } from './ResponseView';
import type { ComposerSlots } from './composer-slots';
import type { ComposerForm } from './use-composer-form';

/** The answer side: the notice, the error, the SCA in progress and the shown target's answer. */
export function AnswerPane({ form, slots }: { form: ComposerForm; slots: ComposerSlots }) {
  const { notice, answeredBy, error, target, answer, linkSource, sending, store, beginSca } = form;
  const { scaRedirect } = form;
  return (
    <div className="response-pane">
      <p role="status" aria-live="polite" className="muted" data-testid="composer-notice">
        {answeredBy === undefined ? (notice ?? '') : ''}
      </p>
      <ErrorNotice error={error} doing="The request" testId="composer-error" />
      {/* The SCA in progress above the answer it came from: in view on a 768-pixel screen
          while the PSU completes it, however long the answer's body. */}
      {slots.scaPanel}
      {answeredBy !== undefined && (
        <p className="muted" data-testid="response-other-target">
          This tab&apos;s last answer came from {answeredBy}; it shows when that target is chosen
          again. Send to get {target?.name ?? 'this target'}&apos;s answer.
        </p>
      )}
      {answer ? (
        <ResponseView
          exchange={answer}
          {...(linkSource && linkSource.shownWith === answer.id
            ? { followedFrom: linkSource.from }
            : {})}
          busy={sending}
          onFollow={(relation, from) => void store.follow(relation, from)}
          onOpenSca={(href) => {
            // The step view polls the authorisation when the answer links its scaStatus.
            const hasStatus = linksOf(answer.response?.json).some(
              (link) => link.relation === 'scaStatus',
            );
            void beginSca(answer.targetId, href, hasStatus ? answer.id : undefined);
          }}
        />
      ) : (
        answeredBy === undefined && (
          <p className="muted">Send a request to see the answer here (Ctrl/⌘ + Enter).</p>
        )
      )}
      {slots.scaRecorder({
        ...(answer ? { targetId: answer.targetId } : {}),
        ...(scaRedirect ? { scaRedirect } : {}),
      })}
    </div>
  );
}
