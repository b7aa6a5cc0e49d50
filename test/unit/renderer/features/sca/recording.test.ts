/**
 * Recording SCA steps in the view (renderer/src/features/sca/recording.ts, ScaRecorder.tsx) over a
 * fake contract client: Record makes the next SCA a recording one, Stop asks main for the steps,
 * Replay asks main what it will type where and shows it, sends the steps with the answer's
 * scaRedirect only once confirmed, and the panel shows the file, its secrets and one screenshot per
 * page.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScaRecordingView } from '../../../../../main/api/contract';
import { answers, calls } from '../../fake-api.js';

vi.mock('../../../../../renderer/src/api', () =>
  import('../../fake-api.js').then((m) => m.fakeApiModule),
);
const shown: string[] = [];
vi.mock('../../../../../renderer/src/features/sca/open-sca', () => ({
  openScaWindow: () => ({ opened: true, show: (url: string) => shown.push(url), close: () => {} }),
  hostScaWindow: { opened: true, show: () => undefined, close: () => undefined },
}));

const { useScaStore } = await import('../../../../../renderer/src/features/sca/store');
const { useScaRecording } = await import('../../../../../renderer/src/features/sca/recording');
const { ScaRecorderView } =
  await import('../../../../../renderer/src/features/sca/components/ScaRecorder');
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
