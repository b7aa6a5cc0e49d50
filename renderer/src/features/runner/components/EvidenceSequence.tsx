import { useEffect, useMemo, useRef, useState } from 'react';
import type { CheckResult } from '../../../../../main/shared/run-result';
import {
  evidenceInvolvesSca,
  evidenceSequenceSteps,
} from '../../../../../main/shared/sequence/evidence-steps';
import { sequenceSvg } from '../../../../../main/shared/sequence/svg';
import { downloadText } from '../../../lib/download';
import { useSettings } from '../../../state/settings-store';
import { PALETTES } from '../../../lib/sequence-palettes';

/**
 * The flow of a check that took a PSU through the bank's SCA pages (§6): the TPP's requests, the
 * pages the PSU played and the redirect back, drawn like the bank console's live diagram (the same
 * SVG as the HTML report) in the colours of the theme it is shown in, as wide as the evidence; a
 * click shows it full screen, as the live diagram goes, for a room to read. Exportable for a slide
 * or a ticket.
 */
export function EvidenceSequence({ check }: { check: CheckResult }) {
  const { theme } = useSettings();
  const palette = PALETTES[theme === 'light' ? 'light' : 'dark'];
  const figureRef = useRef<HTMLElement>(null);
  const [fullScreen, setFullScreen] = useState(false);
  useEffect(() => {
    const changed = () => setFullScreen(document.fullscreenElement === figureRef.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  const svg = useMemo(
    () =>
      evidenceInvolvesSca(check.evidence)
        ? sequenceSvg(
            evidenceSequenceSteps(check.evidence),
            `Sequence of ${check.checkId}`,
            palette,
          )
        : undefined,
    [check.evidence, check.checkId, palette],
  );
  if (!svg) return null;
  const toggle = () =>
    void (fullScreen ? document.exitFullscreen() : figureRef.current?.requestFullscreen());
  return (
    <details className="evidence-sequence" data-testid="evidence-sequence" open>
      <summary>Sequence: TPP, bank and PSU browser</summary>
      <figure
        ref={figureRef}
        className={`evidence-sequence-figure${fullScreen ? ' full-screen' : ''}`}
        style={{ background: palette.background }}
      >
        <button
          type="button"
          className="evidence-sequence-open"
          data-testid="evidence-sequence-open"
          aria-pressed={fullScreen}
          title={fullScreen ? 'Leave full screen' : 'Show full screen'}
          onClick={toggle}
        >
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
            alt={`Sequence diagram of ${check.checkId}: the TPP's requests, the SCA pages and the redirect back${fullScreen ? '' : '. Click to show it full screen'}`}
          />
        </button>
      </figure>
      <div className="actions">
        <button type="button" data-testid="evidence-sequence-full-screen" onClick={toggle}>
          {fullScreen ? 'Leave full screen' : 'Full screen'}
        </button>
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
