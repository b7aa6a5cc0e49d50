import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { sequenceHeight } from '../../../../../main/shared/sequence/svg';
import { shortIds } from '../../../../../main/shared/sequence/model';
import { useSessionStore } from '../../../state/session-store';
import { useSettings } from '../../../state/settings-store';
import { useActiveTarget } from '../../../state/targets-store';
import {
  LANES,
  ofBank,
  sequenceView,
  sinceInstant,
  type SequenceBank,
  type SequenceSince,
} from '../sequence';
import { bankLaneTitle } from './SequenceBankPicker';
import { useBankStore } from '../../../state/bank-store';
import { useStepNavigation } from '../use-step-navigation';
import { SequenceActions } from './SequenceActions';
import { SequenceCanvas } from './SequenceCanvas';
import { PALETTES } from '../../../lib/sequence-palettes';

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
  const selected = useBankStore((s) => s.selectedExchange);
  const { theme } = useSettings();
  const target = useActiveTarget();
  const tppSessionId = useSessionStore((s) =>
    target ? s.sessions[target.id]?.tppSessionId : undefined,
  );
  const [showNoise, setShowNoise] = useState(false);
  const [since, setSince] = useState<SequenceSince>('recent');
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
  const { current, setFocused, open, onKeyDown } = useStepNavigation(steps, boxRef, svgRef);

  useEffect(() => {
    const changed = () => setFullScreen(document.fullscreenElement === sectionRef.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);

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
      <SequenceActions
        bank={bank}
        setBank={setBank}
        since={since}
        setSince={setSince}
        showNoise={showNoise}
        setShowNoise={setShowNoise}
        hidden={hidden}
        fullScreen={fullScreen}
        sectionRef={sectionRef}
        boxRef={boxRef}
        svgRef={svgRef}
        stepCount={steps.length}
        following={following}
        follow={follow}
        setExportError={setExportError}
      />
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
          <SequenceCanvas
            svgRef={svgRef}
            lanes={lanes}
            steps={steps}
            height={height}
            colours={colours}
            selected={selected}
            current={current}
            onSelectStep={(index) => {
              setFocused(index);
              open(steps[index]);
            }}
          />
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
