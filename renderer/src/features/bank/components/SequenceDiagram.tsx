import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { downloadBlob, downloadText } from '../../../lib/download';
import {
  laneX,
  SEQUENCE_COLOURS,
  SEQUENCE_WIDTH,
  sequenceHeight,
  stepY,
} from '../../../../../main/shared/sequence/svg';
import { shortIds } from '../../../../../main/shared/sequence/model';
import { useSessionStore } from '../../session/store';
import { useSettings } from '../../settings/store';
import { useActiveTarget } from '../../targets/store';
import {
  LANES,
  ofBank,
  sequenceView,
  sinceInstant,
  type SequenceBank,
  type SequenceSince,
  type SequenceStep,
} from '../sequence';
import { bankLaneTitle, SequenceBankPicker, sinceLabels } from './SequenceBankPicker';
import { useBankStore } from '../store';
import { exportName, svgText, svgToPng } from './sequence-export';
import { Arrow, PALETTES, type Palette } from './SequenceSteps';

const WIDTH = SEQUENCE_WIDTH;
/**
 * The diagram is drawn at 12 units a label and shown at 4/3 of its size, so a label is 16 px on
 * screen (read from the back of a room); full screen stretches it to the screen's width.
 */
const SCALE = 4 / 3;

/** Within this many pixels of the bottom, the view follows new steps. */
const FOLLOW_SLACK = 40;

/**
 * Keeps the scroll box at its newest step unless the user scrolled back; returns "following".
 * Following holds whatever changes the box's size too: full screen stretches the diagram to the
 * screen's width, so the old scroll position would leave the newest steps below the screen.
 */
function useFollowNewest(box: React.RefObject<HTMLDivElement | null>, stepCount: number) {
  const [following, setFollowing] = useState(true);
  const followingRef = useRef(following);
  followingRef.current = following;
  useLayoutEffect(() => {
    const element = box.current;
    if (element && following) element.scrollTop = element.scrollHeight;
  }, [box, stepCount, following]);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const toNewest = () => {
      if (followingRef.current) element.scrollTop = element.scrollHeight;
    };
    const observer = new ResizeObserver(toNewest);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [box, stepCount > 0]);
  const onScroll = () => {
    const element = box.current;
    if (!element) return;
    const atEnd = element.scrollTop + element.clientHeight >= element.scrollHeight - FOLLOW_SLACK;
    if (atEnd !== following) setFollowing(atEnd);
  };
  return { following, onScroll, follow: () => setFollowing(true) };
}

/**
 * A live sequence diagram of the last exchanges between the TPP, the bank and the PSU's browser
 * (requests, answers, SCA pages, redirects back to the TPP) and what was done to the bank outside
 * them (a PSU's revocation, a card blocked, clock jumps, batch runs), ready for a projector: it
 * follows the newest step, hides asset fetches and polling, starts at the last reset or at this
 * flow, goes full screen, and is read with the keyboard (arrows move, Enter opens the exchange in
 * the request log). Exportable as SVG or PNG for slides, in the theme it is shown in.
 */
export function SequenceDiagram() {
  const log = useBankStore((s) => s.log);
  const events = useBankStore((s) => s.events);
  const selectExchange = useBankStore((s) => s.selectExchange);
  const selected = useBankStore((s) => s.selectedExchange);
  const { theme } = useSettings();
  const target = useActiveTarget();
  const tppSessionId = useSessionStore((s) =>
    target ? s.sessions[target.id]?.tppSessionId : undefined,
  );
  const [showNoise, setShowNoise] = useState(false);
  const [since, setSince] = useState<SequenceSince>('recent');
  const [focused, setFocused] = useState<number>();
  const [exportError, setExportError] = useState<string>();
  const [fullScreen, setFullScreen] = useState(false);
  const sectionRef = useRef<HTMLElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const [bank, setBank] = useState<SequenceBank>('both');
  const shown = ofBank(log, events, bank);
  const lanes = LANES.map((l) => (l.lane === 'bank' ? { ...l, title: bankLaneTitle(bank) } : l));
  const start = sinceInstant(since, shown.log, shown.events, tppSessionId);
  const { steps, hidden } = sequenceView(shown.log, shown.events, {
    hideNoise: !showNoise,
    ...(start !== undefined ? { since: start } : {}),
    ...(since !== 'recent' && start === undefined ? { limit: 0 } : {}),
  });
  const height = sequenceHeight(steps.length);
  const colours = PALETTES[theme === 'light' ? 'light' : 'dark'];
  const { following, onScroll, follow } = useFollowNewest(boxRef, steps.length);
  const current = focused !== undefined && focused < steps.length ? focused : undefined;

  useEffect(() => {
    const changed = () => setFullScreen(document.fullscreenElement === sectionRef.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);

  const open = (step: SequenceStep | undefined) => {
    if (!step?.exchangeKey) return;
    selectExchange(step.exchangeKey);
    // Full screen stays: the presenter opens a step to talk about it in front of the room; the
    // diagram says which exchange is open, and the request log shows it after full screen.
    if (document.fullscreenElement) return;
    requestAnimationFrame(() =>
      document
        .querySelector('[data-testid="log-detail"]')
        ?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
    );
  };

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(steps.length - 1, index));
    setFocused(next);
    const box = boxRef.current;
    if (!box) return;
    // Keep the step in view: its row, at the scale the diagram is drawn (it shrinks to fit a
    // narrow window and stretches in full screen), inside the box.
    const drawn = svgRef.current?.getBoundingClientRect().width;
    const y = stepY(next) * (drawn ? drawn / WIDTH : SCALE);
    if (y - 40 < box.scrollTop) box.scrollTop = y - 40;
    else if (y + 20 > box.scrollTop + box.clientHeight) box.scrollTop = y + 20 - box.clientHeight;
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (steps.length === 0) return;
    const at = current ?? steps.length;
    const moves: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: current === undefined ? steps.length - 1 : at - 1,
      Home: 0,
      End: steps.length - 1,
      PageDown: at + 10,
      PageUp: at - 10,
    };
    if (event.key in moves) {
      event.preventDefault();
      moveTo(moves[event.key]!);
    } else if (event.key === 'Enter' && current !== undefined) {
      event.preventDefault();
      open(steps[current]);
    }
  };

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

  const step = current !== undefined ? steps[current] : undefined;
  const opened = log.find((e) => `${e.mode}:${e.id}` === selected);
  return (
    <section
      ref={sectionRef}
      className={`card sequence${fullScreen ? ' sequence-full-screen' : ''}`}
      aria-labelledby="sequence-title"
      data-testid="sequence"
      id="sequence-diagram"
      tabIndex={-1}
    >
      <h2 id="sequence-title">Sequence</h2>
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
          disabled={steps.length === 0}
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
          disabled={steps.length === 0}
          onClick={() => void exportPng()}
        >
          Export PNG
        </button>
        {!following && steps.length > 0 && (
          <button type="button" data-testid="sequence-follow" onClick={follow}>
            Newest ↓
          </button>
        )}
      </div>
      <p className="muted sequence-hint" id="sequence-hint">
        Oldest at the top,{' '}
        {following ? 'following the newest step' : 'scrolled back: Newest ↓ follows again'}. Arrow
        keys move between steps, Enter opens the step&apos;s exchange in the request log.
      </p>
      {fullScreen && opened && (
        <p className="sequence-opened" data-testid="sequence-opened">
          Open:{' '}
          <code>
            {opened.request.method} {shortIds(opened.request.target.split('?')[0] ?? '')}
          </code>{' '}
          → {opened.response.status}
          {opened.operationId ? ` ${opened.operationId}` : ''} · in the request log after full
          screen
        </p>
      )}
      {exportError && (
        <p className="warn" role="alert" data-testid="sequence-export-error">
          {exportError}
        </p>
      )}
      {steps.length === 0 ? (
        <p className="muted" data-testid="sequence-empty">
          {since === 'recent' || start !== undefined
            ? 'No exchanges yet.'
            : since === 'reset'
              ? `${bank === 'both' ? 'Neither bank has' : `The ${bank} bank has not`} been reset since the workbench started.`
              : 'This TPP session has sent no request yet.'}
        </p>
      ) : (
        <div
          ref={boxRef}
          className="sequence-scroll"
          data-testid="sequence-scroll"
          data-following={following}
          tabIndex={0}
          role="group"
          aria-label={`Sequence diagram, ${steps.length} steps`}
          aria-describedby="sequence-hint"
          onScroll={onScroll}
          onKeyDown={onKeyDown}
          style={{ background: colours.background }}
        >
          {/* The lanes' names stay on top while the steps scroll (the SVG's own are for files). */}
          <div
            className="sequence-lanes"
            aria-hidden="true"
            style={{ width: Math.ceil(WIDTH * SCALE), background: colours.background }}
          >
            {lanes.map(({ lane, title }) => (
              <span
                key={lane}
                style={{ left: `${(laneX(lane) / WIDTH) * 100}%`, color: colours.text }}
              >
                {title}
              </span>
            ))}
          </div>
          <svg
            ref={svgRef}
            width={Math.ceil(WIDTH * SCALE)}
            height={Math.ceil(height * SCALE)}
            viewBox={`0 0 ${WIDTH} ${height}`}
            role="img"
            aria-label="Sequence diagram of the exchanges between TPP, bank and PSU browser"
            fontFamily="Helvetica, Arial, sans-serif"
            fontSize="12"
          >
            <rect x="0" y="0" width={WIDTH} height={height} fill={colours.background} />
            <defs>
              {Object.entries(SEQUENCE_COLOURS).map(([name]) => (
                <marker
                  key={name}
                  id={`arrow-${name}`}
                  viewBox="0 0 10 10"
                  refX="10"
                  refY="5"
                  markerWidth="7"
                  markerHeight="7"
                  orient="auto-start-reverse"
                >
                  <path d="M 0 0 L 10 5 L 0 10 z" fill={colours[name as keyof Palette]} />
                </marker>
              ))}
            </defs>
            {lanes.map(({ lane, title }) => (
              <g key={lane} data-lane={lane}>
                <text
                  className="sequence-lane-title"
                  x={laneX(lane)}
                  y={20}
                  textAnchor="middle"
                  fontWeight="bold"
                  fill={colours.text}
                >
                  {title}
                </text>
                <line
                  x1={laneX(lane)}
                  x2={laneX(lane)}
                  y1={30}
                  y2={height - 6}
                  stroke={colours.lane}
                  strokeDasharray="4 4"
                />
              </g>
            ))}
            {steps.map((step, index) => (
              <Arrow
                key={step.key}
                step={step}
                y={stepY(index)}
                colours={colours}
                selected={step.exchangeKey !== undefined && step.exchangeKey === selected}
                focused={index === current}
                onSelect={() => {
                  setFocused(index);
                  open(step);
                }}
              />
            ))}
          </svg>
        </div>
      )}
      <p className="visually-hidden" aria-live="polite" data-testid="sequence-current">
        {step
          ? `Step ${current! + 1} of ${steps.length}: ${step.title ?? step.label}, ${step.from} to ${step.to}${step.exchangeKey ? '. Enter opens it.' : '.'}`
          : ''}
      </p>
    </section>
  );
}
