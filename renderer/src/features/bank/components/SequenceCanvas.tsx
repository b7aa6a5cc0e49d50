import type { RefObject } from 'react';
import {
  laneX,
  SEQUENCE_COLOURS,
  SEQUENCE_WIDTH,
  stepY,
} from '../../../../../main/shared/sequence/svg';
import type { LANES, SequenceStep } from '../sequence';
import type { Palette } from '../../../lib/sequence-palettes';
import { Arrow } from './SequenceSteps';

const WIDTH = SEQUENCE_WIDTH;
/**
 * The diagram is drawn at 12 units a label and shown at 4/3 of its size, so a label is 16 px on
 * screen (read from the back of a room); full screen stretches it to the screen's width.
 */
export const SEQUENCE_SCALE = 4 / 3;
const SCALE = SEQUENCE_SCALE;

/**
 * The diagram itself: the lanes' names kept on top while the steps scroll, and the SVG (lanes,
 * arrow heads, one Arrow a step) that is exported as it is shown.
 */
export function SequenceCanvas({
  svgRef,
  lanes,
  steps,
  height,
  colours,
  selected,
  current,
  onSelectStep,
}: {
  svgRef: RefObject<SVGSVGElement | null>;
  lanes: (typeof LANES)[number][];
  steps: SequenceStep[];
  height: number;
  colours: Palette;
  /** The exchange open in the request log. */
  selected: string | undefined;
  /** The step the keyboard is at. */
  current: number | undefined;
  onSelectStep(index: number): void;
}) {
  return (
    <>
      {/* The lanes' names stay on top while the steps scroll (the SVG's own are for files). */}
      <div
        className="sequence-lanes"
        aria-hidden="true"
        style={{ width: Math.ceil(WIDTH * SCALE), background: colours.background }}
      >
        {lanes.map(({ lane, title }) => (
          <span key={lane} style={{ left: `${(laneX(lane) / WIDTH) * 100}%`, color: colours.text }}>
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
            onSelect={() => onSelectStep(index)}
          />
        ))}
      </svg>
    </>
  );
}
