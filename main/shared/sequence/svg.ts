/**
 * A sequence diagram as a standalone SVG file's text: lanes for the TPP, the bank and the PSU's
 * browser and one arrow per step. Explicit colours and fonts (no CSS), so the same file looks the
 * same in a report, on a slide and in the run view. Each arrow carries `data-exchange` with its
 * exchange's key, for a viewer that opens the exchange on a click.
 */
import { LANES, type Lane, type SequenceStep } from './model.js';

export const SEQUENCE_WIDTH = 760;
const TOP = 44;
const ROW = 26;
const LANE_X: Record<Lane, number> = { tpp: 110, bank: 380, psu: 650 };

export const SEQUENCE_COLOURS = {
  request: '#1f5fbf',
  response: '#555555',
  redirect: '#a35200',
  note: '#6b3fa0',
  error: '#b3261e',
  lane: '#888888',
  text: '#1a1a1a',
} as const;

/** The colours a diagram is drawn in: the shared ones on white, or a theme's (the run view). */
export type SequencePalette = Record<keyof typeof SEQUENCE_COLOURS, string> & {
  background: string;
};

/** The reports' and files' palette: dark on white, as printed. */
export const LIGHT_SEQUENCE_PALETTE: SequencePalette = {
  ...SEQUENCE_COLOURS,
  background: '#ffffff',
};

/** The colour's name of a step: an answer of 400 or more (or none) is drawn as an error. */
export function stepColourName(step: SequenceStep): keyof typeof SEQUENCE_COLOURS {
  if (step.kind === 'response' && ((step.status ?? 0) >= 400 || step.status === 0)) return 'error';
  return step.kind;
}

export function sequenceHeight(steps: number): number {
  return TOP + ROW * (steps + 1);
}

export function laneX(lane: Lane): number {
  return LANE_X[lane];
}

/** The y of the step at `index`. */
export function stepY(index: number): number {
  return TOP + ROW * index + ROW / 2;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

function arrowSvg(step: SequenceStep, y: number, palette: SequencePalette): string {
  const name = stepColourName(step);
  const colour = palette[name];
  const x1 = LANE_X[step.from];
  const x2 = LANE_X[step.to];
  const dash = step.kind === 'response' || step.kind === 'note' ? ' stroke-dasharray="5 3"' : '';
  const data = step.exchangeKey !== undefined ? ` data-exchange="${xml(step.exchangeKey)}"` : '';
  return [
    `<g data-kind="${step.kind}" data-from="${step.from}" data-to="${step.to}"${data}>`,
    `<title>${xml(step.label)}</title>`,
    `<line x1="${x1}" x2="${x2}" y1="${y}" y2="${y}" stroke="${colour}" stroke-width="1.5"${dash} marker-end="url(#arrow-${name})"/>`,
    `<text x="${(x1 + x2) / 2}" y="${y - 4}" text-anchor="middle" fill="${colour}">${xml(step.label)}</text>`,
    '</g>',
  ].join('');
}

/**
 * The SVG file's text; `title` is its accessible name. `palette` is the theme it is shown in (a
 * dark view draws it light on dark), the printed one by default.
 */
export function sequenceSvg(
  steps: readonly SequenceStep[],
  title: string,
  palette: SequencePalette = LIGHT_SEQUENCE_PALETTE,
): string {
  const height = sequenceHeight(steps.length);
  const markers = Object.keys(SEQUENCE_COLOURS)
    .map(
      (name) =>
        `<marker id="arrow-${name}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="${palette[name as keyof typeof SEQUENCE_COLOURS]}"/></marker>`,
    )
    .join('');
  const lanes = LANES.map(
    ({ lane, title: laneTitle }) =>
      `<g data-lane="${lane}"><text x="${LANE_X[lane]}" y="20" text-anchor="middle" font-weight="bold" fill="${palette.text}">${xml(laneTitle)}</text>` +
      `<line x1="${LANE_X[lane]}" x2="${LANE_X[lane]}" y1="30" y2="${height - 6}" stroke="${palette.lane}" stroke-dasharray="4 4"/></g>`,
  ).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SEQUENCE_WIDTH}" height="${height}" viewBox="0 0 ${SEQUENCE_WIDTH} ${height}" role="img" aria-label="${xml(title)}" font-family="Helvetica, Arial, sans-serif" font-size="12">`,
    `<rect x="0" y="0" width="${SEQUENCE_WIDTH}" height="${height}" fill="${palette.background}"/>`,
    `<defs>${markers}</defs>`,
    lanes,
    ...steps.map((step, index) => arrowSvg(step, stepY(index), palette)),
    '</svg>',
  ].join('\n');
}
