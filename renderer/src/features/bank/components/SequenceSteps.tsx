/**
 * The steps of the sequence diagram (SequenceDiagram.tsx) as SVG: an arrow between two lanes for
 * an exchange, a box on its lane for what the bank did on its own; in the palette of the theme.
 */
import { laneX, SEQUENCE_WIDTH, stepColourName } from '../../../../../main/shared/sequence/svg';
import type { Palette } from '../../../lib/sequence-palettes';
import type { SequenceStep } from '../sequence';

const WIDTH = SEQUENCE_WIDTH;

export function Arrow({
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
      {selected ? (
        <rect
          x={Math.min(x1, x2)}
          y={y - 16}
          width={Math.abs(x2 - x1)}
          height={22}
          fill={colours.selected}
        />
      ) : null}
      {focused ? (
        <FocusRing
          x={Math.min(x1, x2)}
          y={y - 16}
          width={Math.abs(x2 - x1)}
          height={22}
          colour={colours.text}
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

/**
 * The keyboard's place in the diagram: marked so an exported file leaves it out
 * (sequence-export.ts), as a slide shows the flow, not where the presenter's cursor was.
 */
function FocusRing(box: { x: number; y: number; width: number; height: number; colour: string }) {
  return (
    <rect
      data-focus-ring=""
      x={box.x}
      y={box.y}
      width={box.width}
      height={box.height}
      fill="none"
      stroke={box.colour}
      strokeWidth="1.5"
    />
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
        stroke={colour}
        strokeWidth={1}
      />
      {focused ? (
        <FocusRing x={left - 3} y={y - 18} width={width + 6} height={26} colour={colours.text} />
      ) : null}
      <text x={left + width / 2} y={y - 1} textAnchor="middle" fill={colour}>
        {step.label}
      </text>
    </g>
  );
}
