/**
 * Recording SCA steps in the view (renderer/src/state/sca-recording.ts, shown by
 * ScaRecorder.tsx) over a fake contract client: Record makes the next SCA a recording one, Stop
 * asks main for the steps, Replay asks main what it will type where and shows it, sends the steps
 * with the answer's scaRedirect only once confirmed, and the panel shows the file, its secrets and
 * one screenshot per page.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScaRecordingView } from '../../../../main/api/contract';
import { answers, calls } from '../fake-api.js';

vi.mock('../../../../renderer/src/api', () =>
  import('../fake-api.js').then((m) => m.fakeApiModule),
);
const shown: string[] = [];
vi.mock('../../../../renderer/src/state/open-sca', () => ({
  openScaWindow: () => ({ opened: true, show: (url: string) => shown.push(url), close: () => {} }),
  hostScaWindow: { opened: true, show: () => undefined, close: () => undefined },
}));

const { useScaStore } = await import('../../../../renderer/src/state/sca-store');
const { useScaRecording } = await import('../../../../renderer/src/state/sca-recording');
const { ScaRecorderView } =
  await import('../../../../renderer/src/features/sca/components/ScaRecorder');
const { spentLinkText, useUsedLinks } = await import('../../../../renderer/src/state/used-links');
/** The panel as ScaRecorder renders it for the answer's link (the stores read as they are now). */
const recorderOn = (targetId: string, scaRedirect: string) => {
  const spent = spentLinkText(useUsedLinks.getState().uses, targetId, scaRedirect);
  return renderToStaticMarkup(
    createElement(ScaRecorderView, {
      targetId,
      scaRedirect,
      ...(spent ? { spent } : {}),
      ...useScaRecording.getState(),
    }),
  );
};
const view = (props: { targetId?: string; scaRedirect?: string }) =>
  renderToStaticMarkup(createElement(ScaRecorderView, { ...props, ...useScaRecording.getState() }));

const STEPS = { name: 'recorded', pages: [] };
const stopped: ScaRecordingView = {
  attemptId: 'attempt-1',
  events: 7,
  redirected: true,
  stopped: true,
  steps: STEPS,
  file: {
    name: 'recorded.psu-steps.json',
    text: '{ "pin": "${env:WORKBENCH_PROFILE_PSU_PIN}" }\n',
  },
  secrets: ['WORKBENCH_PROFILE_PSU_PIN'],
  warnings: [],
};

beforeEach(() => {
  useUsedLinks.setState({ uses: {} });
  calls.length = 0;
  shown.length = 0;
  useScaRecording.setState({
    record: false,
    attemptId: undefined,
    recording: undefined,
    confirming: undefined,
    replay: undefined,
  });
});

describe('recording SCA steps', () => {
  it('records the next SCA when Record is on, and stops with the steps', async () => {
    answers.set('sca.begin', () => ({
      id: 'attempt-1',
      targetId: 't',
      url: 'http://127.0.0.1:4444/sca/1',
      tppSessionId: 's',
      startedAt: '',
      openedByHost: false,
      recording: true,
    }));
    answers.set('sca.recording', (args) =>
      (args as { stop?: boolean }).stop ? stopped : { ...stopped, stopped: false },
    );
    useScaRecording.getState().setRecord(true);
    await useScaStore.getState().begin('t', '/sca/1');
    expect(calls[0]).toEqual({
      name: 'sca.begin',
      args: { targetId: 't', href: '/sca/1', record: true },
    });
    // The popup goes to the relay's URL main answered with.
    expect(shown).toEqual(['http://127.0.0.1:4444/sca/1']);
    expect(useScaRecording.getState().attemptId).toBe('attempt-1');
    await useScaRecording.getState().stop();
    expect(calls.at(-1)).toEqual({
      name: 'sca.recording',
      args: { attemptId: 'attempt-1', stop: true },
    });
    expect(useScaRecording.getState()).toMatchObject({ record: false, recording: stopped });
  });

  it('does not record when Record is off', async () => {
    await useScaStore.getState().begin('t', '/sca/1');
    expect(calls[0]!.args).toEqual({ targetId: 't', href: '/sca/1' });
  });

  it('shows what the replay will type where, and replays only once confirmed', async () => {
    useScaRecording.setState({ attemptId: 'attempt-1', recording: stopped });
    answers.set('sca.replay', (args) =>
      (args as { confirm?: string }).confirm === undefined
        ? {
            confirmation: {
              token: 'tok',
              url: 'http://bank:1/sca/2',
              typing: [
                {
                  page: 'login',
                  action: 'fill',
                  field: 'pin',
                  value: '${env:WORKBENCH_PROFILE_PSU_PIN}',
                  env: ['WORKBENCH_PROFILE_PSU_PIN'],
                },
              ],
            },
            screenshots: [],
          }
        : {
            attemptId: 'attempt-2',
            redirect: {
              outcome: 'success',
              psuId: 'p',
              context: 'PRIVATE',
              query: {},
              problems: [],
            },
            screenshots: [
              { step: 'login', url: 'http://bank/sca/2', at: '1', png: 'AAAA' },
              { step: 'consent', url: 'http://bank/sca/2', at: '2', png: 'BBBB' },
            ],
          },
    );
    await useScaRecording.getState().replayOn('t', '/sca/2');
    expect(calls.at(-1)).toEqual({
      name: 'sca.replay',
      args: { targetId: 't', href: '/sca/2', steps: STEPS },
    });
    // Nothing played yet: the panel asks, naming the origin and the variable, never a value.
    let html = view({ targetId: 't', scaRedirect: '/sca/2' });
    expect(html).toContain('data-testid="sca-replay-confirm"');
    expect(html).toContain('<code>http://bank:1</code>');
    expect(html.match(/data-testid="sca-replay-typing"/g)).toHaveLength(1);
    expect(html).toContain('${env:WORKBENCH_PROFILE_PSU_PIN}');
    expect(html).not.toContain('data-testid="sca-replay-result"');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="sca-replay"/);

    await useScaRecording.getState().confirmReplay();
    expect(calls.at(-1)).toEqual({
      name: 'sca.replay',
      args: { targetId: 't', href: '/sca/2', steps: STEPS, confirm: 'tok' },
    });
    html = view({ targetId: 't', scaRedirect: '/sca/2' });
    expect(html).not.toContain('data-testid="sca-replay-confirm"');
    expect(html).toContain('WORKBENCH_PROFILE_PSU_PIN');
    expect(html).toContain('data-outcome="success"');
    expect(html.match(/data-testid="sca-replay-shot"/g)).toHaveLength(2);
    expect(html).toContain('src="data:image/png;base64,AAAA"');
    // Shown at the panel's width, not as 300-px thumbnails; a click opens one at full size.
    expect(html).not.toContain('width="300"');
    expect(html.match(/data-testid="sca-replay-shot-open"/g)).toHaveLength(2);
    expect(html).toContain('aria-pressed="false"');

    // The replay spent the link: Replay is not offered on it again.
    html = recorderOn('t', '/sca/2');
    expect(html).not.toContain('data-testid="sca-replay"');
    expect(html).toContain('This scaRedirect was used by a replay; send the request again');
  });

  it('does not offer Replay on the scaRedirect whose SCA the SCA window completed', async () => {
    answers.set('sca.begin', () => ({
      id: 'attempt-3',
      targetId: 't',
      url: 'http://127.0.0.1:4444/sca/3',
      tppSessionId: 's',
      startedAt: '',
      openedByHost: false,
    }));
    useScaRecording.setState({ attemptId: 'attempt-1', recording: stopped });
    const recorder = (scaRedirect: string) => recorderOn('t', scaRedirect);
    expect(recorder('/sca/3')).toContain('data-testid="sca-replay"');
    await useScaStore.getState().begin('t', '/sca/3');
    // Opened: the bank has bound the link to the SCA window's browser.
    expect(recorder('/sca/3')).not.toContain('data-testid="sca-replay"');
    expect(recorder('/sca/3')).toContain('is open in the SCA window');
    useScaStore.getState().received({
      attemptId: 'attempt-3',
      targetId: 't',
      redirect: {
        outcome: 'success',
        psuId: 'p',
        tppSessionId: 's',
        context: 'PRIVATE',
        query: {},
        receivedAt: '',
        problems: [],
      },
    });
    const html = recorder('/sca/3');
    expect(html).not.toContain('data-testid="sca-replay"');
    expect(html).toContain(
      'data-testid="sca-replay-spent">This scaRedirect was used (its SCA ended); send the request again for a new link.</p>',
    );
    // Another target's link of the same path, and a new link, are still offered.
    expect(recorderOn('u', '/sca/3')).toContain('data-testid="sca-replay"');
    expect(recorder('/sca/4')).toContain('data-testid="sca-replay"');
  });

  it('Cancel drops the confirmation without replaying', async () => {
    useScaRecording.setState({ attemptId: 'attempt-1', recording: stopped });
    answers.set('sca.replay', () => ({
      confirmation: { token: 'tok', url: 'http://bank:1/sca/2', typing: [] },
      screenshots: [],
    }));
    await useScaRecording.getState().replayOn('t', '/sca/2');
    const before = calls.length;
    useScaRecording.getState().cancelReplay();
    await useScaRecording.getState().confirmReplay();
    expect(calls.length).toBe(before);
    expect(view({ targetId: 't', scaRedirect: '/sca/2' })).not.toContain('sca-replay-confirm');
  });

  it('offers Replay only with an scaRedirect to play on', () => {
    useScaRecording.setState({ attemptId: 'attempt-1', recording: stopped, replay: undefined });
    const html = view({ targetId: 't' });
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="sca-replay"/);
  });
});
