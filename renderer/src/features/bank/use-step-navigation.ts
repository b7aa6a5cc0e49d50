import { useState, type KeyboardEvent, type RefObject } from 'react';
import { SEQUENCE_WIDTH, stepY } from '../../../../main/shared/sequence/svg';
import { SEQUENCE_SCALE } from './components/SequenceCanvas';
import type { SequenceStep } from './sequence';
import { useBankStore } from '../../state/bank-store';

const WIDTH = SEQUENCE_WIDTH;
const SCALE = SEQUENCE_SCALE;

/**
 * The sequence diagram read with the keyboard: the step it is at (arrows, Home/End, Page Up/Down
 * move, kept in view), and opening a step's exchange in the request log (Enter or a click).
 */
export function useStepNavigation(
  steps: SequenceStep[],
  boxRef: RefObject<HTMLDivElement | null>,
  svgRef: RefObject<SVGSVGElement | null>,
) {
  const selectExchange = useBankStore((s) => s.selectExchange);
  const [focused, setFocused] = useState<number>();
  const current = focused !== undefined && focused < steps.length ? focused : undefined;

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

  const onKeyDown = (event: KeyboardEvent) => {
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

  return { current, setFocused, open, onKeyDown };
}
