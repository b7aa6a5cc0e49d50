import { useMemo } from 'react';
import type { CheckResult } from '../../../../../main/shared/run-result';
import {
  evidenceInvolvesSca,
  evidenceSequenceSteps,
} from '../../../../../main/shared/sequence/evidence-steps';
import { sequenceSvg } from '../../../../../main/shared/sequence/svg';
import { downloadText } from '../../../lib/download';

/**
 * The flow of a check that took a PSU through the bank's SCA pages (§6): the TPP's requests, the
 * pages the PSU played and the redirect back, drawn like the bank console's live diagram (the same
 * SVG as the HTML report), exportable for a slide or a ticket.
 */
export function EvidenceSequence({ check }: { check: CheckResult }) {
  const svg = useMemo(
    () =>
      evidenceInvolvesSca(check.evidence)
        ? sequenceSvg(evidenceSequenceSteps(check.evidence), `Sequence of ${check.checkId}`)
        : undefined,
    [check.evidence, check.checkId],
  );
  if (!svg) return null;
  return (
    <details className="evidence-sequence" data-testid="evidence-sequence" open>
      <summary>Sequence: TPP, bank and PSU browser</summary>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
        alt={`Sequence diagram of ${check.checkId}: the TPP's requests, the SCA pages and the redirect back`}
        style={{ maxWidth: '100%' }}
      />
      <div className="actions">
        <button
          type="button"
          data-testid="evidence-sequence-export"
          onClick={() => downloadText(`${check.checkId}-sequence.svg`, svg, 'image/svg+xml')}
        >
          Export SVG
        </button>
      </div>
    </details>
  );
}
