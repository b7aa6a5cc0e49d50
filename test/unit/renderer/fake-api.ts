/**
 * A fake contract client for renderer store tests: every call is noted in `calls` and answered
 * by `answers` (a call without an answer fails). Use as
 * `vi.mock('../../../renderer/src/api', () => import('./fake-api.js').then((m) => m.fakeApiModule))`.
 */
export const calls: { name: string; args: unknown }[] = [];
export const answers = new Map<string, (args: unknown) => unknown>();

export const fakeApiModule = {
  api: {
    available: true,
    host: 'web',
    call: async (name: string, args: unknown) => {
      calls.push({ name, args });
      const answer = answers.get(name);
      if (!answer) throw new Error(`no answer for ${name}`);
      return answer(args);
    },
    on: () => () => undefined,
  },
};
