import { useRef } from 'react';
import { downloadBlob, downloadText } from '../../../lib/download';
import {
  laneX,
  SEQUENCE_COLOURS,
  SEQUENCE_WIDTH,
  sequenceHeight,
  stepColourName,
  stepY,
} from '../../../../../main/shared/sequence/svg';
import { LANES, sequenceSteps, type SequenceStep } from '../sequence';
import { useBankStore } from '../store';

const WIDTH = SEQUENCE_WIDTH;
/** Explicit colours (no CSS variables) so the exported file looks the same on a slide. */
const COLOURS = SEQUENCE_COLOURS;

function exportName(extension: string): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  return `sequence-${stamp}Z.${extension}`;
}

/** The diagram's SVG as a standalone file's text. */
function svgText(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${copy.outerHTML}`;
}

function exportPng(svg: SVGSVGElement): Promise<void> {
  const width = Number(svg.getAttribute('width'));
  const height = Number(svg.getAttribute('height'));
  const url = URL.createObjectURL(new Blob([svgText(svg)], { type: 'image/svg+xml' }));
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = width * 2;
      canvas.height = height * 2;
      const context = canvas.getContext('2d');
      if (!context) return reject(new Error('This browser cannot draw on a canvas.'));
      context.scale(2, 2);
      context.drawImage(image, 0, 0);
      URL.revokeObjectURL(url);
      canvas.toBlob((blob) => {
        if (blob) downloadBlob(exportName('png'), blob);
        resolve();
      }, 'image/png');
    };
    image.onerror = () => reject(new Error('The diagram could not be drawn as an image.'));
    image.src = url;
  });
}

/**
 * A live sequence diagram of the last exchanges between the TPP, the bank and the PSU's browser
 * (requests, answers, SCA pages, redirects back to the TPP) and what was done to the bank outside
 * them (a PSU's revocation, a card blocked, clock jumps, batch runs); a click on an
 * arrow opens that exchange in the request log; exportable as SVG or PNG for slides.
 */
export function SequenceDiagram() {
  const log = useBankStore((s) => s.log);
  const events = useBankStore((s) => s.events);
  const selectExchange = useBankStore((s) => s.selectExchange);
  const selected = useBankStore((s) => s.selectedExchange);
  const svgRef = useRef<SVGSVGElement>(null);
  const steps = sequenceSteps(log, events);
  const height = sequenceHeight(steps.length);

  return (
    <section className="card sequence" aria-labelledby="sequence-title" data-testid="sequence">
      <h2 id="sequence-title">Sequence</h2>
      <div className="actions">
        <span className="muted">Last exchanges, oldest at the top; click an arrow to open it.</span>
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
          onClick={() => svgRef.current && void exportPng(svgRef.current)}
        >
          Export PNG
        </button>
      </div>
      {steps.length === 0 ? (
        <p className="muted">No exchanges yet.</p>
      ) : (
        <div className="sequence-scroll">
          <svg
            ref={svgRef}
            width={WIDTH}
            height={height}
            viewBox={`0 0 ${WIDTH} ${height}`}
            role="img"
            aria-label="Sequence diagram of the exchanges between TPP, bank and PSU browser"
            fontFamily="Helvetica, Arial, sans-serif"
            fontSize="12"
          >
            <rect x="0" y="0" width={WIDTH} height={height} fill="#ffffff" />
            <defs>
              {Object.entries(COLOURS).map(([name, colour]) => (
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
                  <path d="M 0 0 L 10 5 L 0 10 z" fill={colour} />
                </marker>
              ))}
            </defs>
            {LANES.map(({ lane, title }) => (
              <g key={lane} data-lane={lane}>
                <text
                  x={laneX(lane)}
                  y={20}
                  textAnchor="middle"
                  fontWeight="bold"
                  fill={COLOURS.text}
                >
                  {title}
                </text>
                <line
                  x1={laneX(lane)}
                  x2={laneX(lane)}
                  y1={30}
                  y2={height - 6}
                  stroke={COLOURS.lane}
                  strokeDasharray="4 4"
                />
              </g>
            ))}
            {steps.map((step, index) => (
              <Arrow
                key={step.key}
                step={step}
                y={stepY(index)}
                selected={step.exchangeKey !== undefined && step.exchangeKey === selected}
                onSelect={() => step.exchangeKey && selectExchange(step.exchangeKey)}
              />
            ))}
          </svg>
        </div>
      )}
    </section>
  );
}

function Arrow({
  step,
  y,
  selected,
  onSelect,
}: {
  step: SequenceStep;
  y: number;
  selected: boolean;
  onSelect: () => void;
}) {
  const colourName = stepColourName(step);
  const colour = COLOURS[colourName];
  const x1 = laneX(step.from);
  const x2 = laneX(step.to);
  if (step.from === step.to) return <LaneNote step={step} y={y} colour={colour} />;
  return (
    <g
      data-testid="sequence-step"
      data-kind={step.kind}
      data-from={step.from}
      data-to={step.to}
      onClick={onSelect}
      style={step.exchangeKey ? { cursor: 'pointer' } : undefined}
    >
      <title>{step.title ?? step.label}</title>
      {selected ? (
        <rect
          x={Math.min(x1, x2)}
          y={y - 16}
          width={Math.abs(x2 - x1)}
          height={22}
          fill="#fff3c4"
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
function LaneNote({ step, y, colour }: { step: SequenceStep; y: number; colour: string }) {
  const x = laneX(step.from);
  const width = Math.min(WIDTH - 20, step.label.length * CHAR_WIDTH + 16);
  const left = Math.max(10, Math.min(WIDTH - 10 - width, x - width / 2));
  return (
    <g data-testid="sequence-step" data-kind={step.kind} data-from={step.from} data-to={step.to}>
      <title>{step.title ?? step.label}</title>
      <rect
        x={left}
        y={y - 15}
        width={width}
        height={20}
        rx={3}
        fill="#f3edfa"
        stroke={colour}
        strokeWidth="1"
      />
      <text x={left + width / 2} y={y - 1} textAnchor="middle" fill={colour}>
        {step.label}
      </text>
    </g>
  );
}
