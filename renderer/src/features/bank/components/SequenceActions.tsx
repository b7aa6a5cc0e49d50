import type { RefObject } from 'react';
import { downloadBlob, downloadText } from '../../../lib/download';
import type { SequenceBank, SequenceSince } from '../sequence';
import { SequenceBankPicker, sinceLabels } from './SequenceBankPicker';
import { exportName, svgText, svgToPng } from './sequence-export';

/** The diagram's controls: which bank and since when, noise, full screen, export, follow. */
export function SequenceActions({
  bank,
  setBank,
  since,
  setSince,
  showNoise,
  setShowNoise,
  hidden,
  fullScreen,
  sectionRef,
  boxRef,
  svgRef,
  stepCount,
  following,
  follow,
  setExportError,
}: {
  bank: SequenceBank;
  setBank(bank: SequenceBank): void;
  since: SequenceSince;
  setSince(since: SequenceSince): void;
  showNoise: boolean;
  setShowNoise(show: boolean): void;
  /** Steps hidden as assets and polling. */
  hidden: number;
  fullScreen: boolean;
  sectionRef: RefObject<HTMLElement | null>;
  boxRef: RefObject<HTMLDivElement | null>;
  svgRef: RefObject<SVGSVGElement | null>;
  stepCount: number;
  following: boolean;
  follow(): void;
  setExportError(error: string | undefined): void;
}) {
  const exportPng = async () => {
    const svg = svgRef.current;
    if (!svg) return;
    setExportError(undefined);
    try {
      const png = await svgToPng(
        svgText(svg),
        Number(svg.getAttribute('width')),
        Number(svg.getAttribute('height')),
      );
      downloadBlob(exportName('png'), png);
    } catch (error) {
      setExportError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div className="actions sequence-actions">
      <SequenceBankPicker bank={bank} onChange={setBank} />
      <label className="inline-field">
        <span>Show</span>
        <select
          data-testid="sequence-since"
          value={since}
          onChange={(e) => setSince(e.target.value as SequenceSince)}
        >
          {Object.entries(sinceLabels(bank)).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          data-testid="sequence-show-noise"
          checked={showNoise}
          onChange={(e) => setShowNoise(e.target.checked)}
        />
        Assets and polling
        {!showNoise && hidden > 0 && (
          <span className="muted" data-testid="sequence-hidden">
            {' '}
            ({hidden} hidden)
          </span>
        )}
      </label>
      <button
        type="button"
        data-testid="sequence-full-screen"
        aria-pressed={fullScreen}
        onClick={() =>
          void (fullScreen
            ? document.exitFullscreen()
            : sectionRef.current?.requestFullscreen().then(() => boxRef.current?.focus()))
        }
      >
        {fullScreen ? 'Leave full screen' : 'Full screen'}
      </button>
      <button
        type="button"
        data-testid="sequence-export-svg"
        disabled={stepCount === 0}
        onClick={() =>
          svgRef.current &&
          downloadText(exportName('svg'), svgText(svgRef.current), 'image/svg+xml')
        }
      >
        Export SVG
      </button>
      <button
        type="button"
        data-testid="sequence-export-png"
        disabled={stepCount === 0}
        onClick={() => void exportPng()}
      >
        Export PNG
      </button>
      {!following && stepCount > 0 && (
        <button type="button" data-testid="sequence-follow" onClick={follow}>
          Newest ↓
        </button>
      )}
    </div>
  );
}
