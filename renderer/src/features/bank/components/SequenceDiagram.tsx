import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { downloadBlob, downloadText } from '../../../lib/download';
import {
  laneX,
  SEQUENCE_COLOURS,
  SEQUENCE_WIDTH,
  sequenceHeight,
  stepColourName,
  stepY,
} from '../../../../../main/shared/sequence/svg';
import { useSessionStore } from '../../session/store';
import { useSettings } from '../../settings/store';
import { useActiveTarget } from '../../targets/store';
import {
  LANES,
  sequenceView,
  sinceInstant,
  type SequenceSince,
  type SequenceStep,
} from '../sequence';
import { useBankStore } from '../store';

const WIDTH = SEQUENCE_WIDTH;
/**
 * The diagram is drawn at 12 units a label and shown at 4/3 of its size, so a label is 16 px on
 * screen (read from the back of a room); full screen stretches it to the screen's width.
 */
const SCALE = 4 / 3;

/**
 * Explicit colours (no CSS variables), so the exported file looks as it does on screen: the
 * light palette is the shared one (reports, evidence); the dark one keeps 4.5:1 on its background.
 */
const PALETTES = {
  light: { ...SEQUENCE_COLOURS, background: '#ffffff', noteFill: '#f3edfa', selected: '#fff3c4' },
  dark: {
    request: '#79b8ff',
    response: '#c8c8c8',
    redirect: '#f0a35e',
    note: '#c8a8f0',
    error: '#ff8a80',
    lane: '#8a8a8a',
    text: '#e8e8e8',
    background: '#1e1e1e',
    noteFill: '#2e2640',
    selected: '#4a4123',
  },
} as const;
type Palette = (typeof PALETTES)[keyof typeof PALETTES];

const SINCE_LABELS: Record<SequenceSince, string> = {
  recent: 'Last 40 exchanges',
  reset: "Since the bank's last reset",
  flow: 'Since this flow started (TPP session)',
};

/** Within this many pixels of the bottom, the view follows new steps. */
const FOLLOW_SLACK = 40;

function exportName(extension: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  return `sequence-${stamp}Z.${extension}`;
}

/** The diagram's SVG as a standalone file's text. */
function svgText(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  for (const element of copy.querySelectorAll('[class]')) element.removeAttribute('class');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${copy.outerHTML}`;
}

/**
 * The diagram as a PNG at twice its size. The SVG is loaded as a `data:` image: the page's
 * Content-Security-Policy allows `img-src 'self' data:` (SECURITY.md), in the web host and the
 * Electron window alike, and not `blob:`.
 */
export function svgToPng(text: string, width: number, height: number): Promise<Blob> {
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = width * 2;
      canvas.height = height * 2;
      const context = canvas.getContext('2d');
      if (!context) return reject(new Error('This browser cannot draw on a canvas.'));
      context.scale(2, 2);
      context.drawImage(image, 0, 0, width, height);
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The canvas made no PNG.'))),
        'image/png',
      );
    };
    image.onerror = () => reject(new Error('The diagram could not be drawn as an image.'));
    image.src = url;
  });
}

/** Keeps the scroll box at its newest step unless the user scrolled back; returns "following". */
function useFollowNewest(box: React.RefObject<HTMLDivElement | null>, stepCount: number) {
  const [following, setFollowing] = useState(true);
  useLayoutEffect(() => {
    const element = box.current;
    if (element && following) element.scrollTop = element.scrollHeight;
  }, [box, stepCount, following]);
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
  const start = sinceInstant(since, log, events, tppSessionId);
  const { steps, hidden } = sequenceView(log, events, {
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
    if (document.fullscreenElement) void document.exitFullscreen();
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
    // Keep the step in view: its row, scaled, inside the box.
    const y = stepY(next) * SCALE;
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
  return (
    <section
      ref={sectionRef}
      className={`card sequence${fullScreen ? ' sequence-full-screen' : ''}`}
      aria-labelledby="sequence-title"
      data-testid="sequence"
    >
      <h2 id="sequence-title">Sequence</h2>
      <div className="actions sequence-actions">
        <label className="inline-field">
          <span>Show</span>
          <select
            data-testid="sequence-since"
            value={since}
            onChange={(e) => setSince(e.target.value as SequenceSince)}
          >
            {Object.entries(SINCE_LABELS).map(([value, label]) => (
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
        Oldest at the top, following the newest step. Arrow keys move between steps, Enter opens the
        step&apos;s exchange in the request log.
      </p>
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
              ? 'The bank has not been reset since the workbench started.'
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
            {LANES.map(({ lane, title }) => (
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
            {LANES.map(({ lane, title }) => (
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

function Arrow({
  step,
  y,
  colours,
  selected,
  focused,
  onSelect,
}: {
  step: SequenceStep;
  y: number;
  colours: Palette;
  selected: boolean;
  focused: boolean;
  onSelect: () => void;
}) {
  const colourName = stepColourName(step);
  const colour = colours[colourName];
  const x1 = laneX(step.from);
  const x2 = laneX(step.to);
  if (step.from === step.to)
    return <LaneNote step={step} y={y} colours={colours} colour={colour} focused={focused} />;
  return (
    <g
      data-testid="sequence-step"
      data-kind={step.kind}
      data-from={step.from}
      data-to={step.to}
      data-focused={focused || undefined}
      onClick={onSelect}
      style={step.exchangeKey ? { cursor: 'pointer' } : undefined}
    >
      <title>{step.title ?? step.label}</title>
      {selected || focused ? (
        <rect
          x={Math.min(x1, x2)}
          y={y - 16}
          width={Math.abs(x2 - x1)}
          height={22}
          fill={selected ? colours.selected : 'none'}
          stroke={focused ? colours.text : 'none'}
          strokeWidth="1.5"
        />
      ) : null}
      <line
        x1={x1}
        x2={x2}
        y1={y}
        y2={y}
        stroke={colour}
        strokeWidth="1.5"
        strokeDasharray={step.kind === 'response' || step.kind === 'note' ? '5 3' : undefined}
        markerEnd={`url(#arrow-${colourName})`}
      />
      <text x={(x1 + x2) / 2} y={y - 4} textAnchor="middle" fill={colour}>
        {step.label}
      </text>
    </g>
  );
}

/** Approximate width of the 12 px label text, for the note's box (SVG text has no padding). */
const CHAR_WIDTH = 6.4;

/** Something the bank did on its own: a box on its lane, not an arrow to anyone. */
function LaneNote({
  step,
  y,
  colours,
  colour,
  focused,
}: {
  step: SequenceStep;
  y: number;
  colours: Palette;
  colour: string;
  focused: boolean;
}) {
  const x = laneX(step.from);
  const width = Math.min(WIDTH - 20, step.label.length * CHAR_WIDTH + 16);
  const left = Math.max(10, Math.min(WIDTH - 10 - width, x - width / 2));
  return (
    <g
      data-testid="sequence-step"
      data-kind={step.kind}
      data-from={step.from}
      data-to={step.to}
      data-focused={focused || undefined}
    >
      <title>{step.title ?? step.label}</title>
      <rect
        x={left}
        y={y - 15}
        width={width}
        height={20}
        rx={3}
        fill={colours.noteFill}
        stroke={focused ? colours.text : colour}
        strokeWidth={focused ? 2 : 1}
      />
      <text x={left + width / 2} y={y - 1} textAnchor="middle" fill={colour}>
        {step.label}
      </text>
    </g>
  );
}
