/**
 * The composer's environment files (variables-actions.ts): a chosen `.bru` file goes to main as a
 * Bruno environment and any other as a Postman one; what main made becomes the target's
 * variables, with what it left out shown; an export is downloaded under main's file name, its
 * notes shown; a refusal is shown, not lost.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answers, calls } from '../../fake-api.js';

vi.mock('../../../../../renderer/src/api', () =>
  import('../../fake-api.js').then((m) => m.fakeApiModule),
);
const downloads: { fileName: string; text: string }[] = [];
vi.mock('../../../../../renderer/src/lib/download', () => ({
  downloadText: (fileName: string, text: string) => downloads.push({ fileName, text }),
}));

const { useComposerStore } = await import('../../../../../renderer/src/features/composer/store');
const { environmentFormatOf } =
  await import('../../../../../renderer/src/features/composer/variables-actions');

const variables = {
  'embedded-sandbox': {
    active: 'default',
    environments: {
      default: {},
      'Customer B': { psuCorporateId: [{ value: '', from: 'imported from Customer B.bru' }] },
    },
  },
};

beforeEach(() => {
  calls.length = 0;
  downloads.length = 0;
  answers.clear();
  useComposerStore.setState({
    variables: {},
    variablesError: undefined,
    environmentReport: undefined,
  });
});

describe('environment files in the composer', () => {
  it('reads a .bru file as Bruno, any other as Postman', () => {
    expect(environmentFormatOf('environments/Customer B.bru')).toBe('bruno');
    expect(environmentFormatOf('customer-b.postman_environment.json')).toBe('postman');
  });

  it('imports a chosen file into the target and shows what was left out', async () => {
    answers.set('workspace.importEnvironment', () => ({
      variables,
      imported: 'Customer B',
      notes: ["Left out the disabled values 'debugTrace'."],
    }));
    await useComposerStore
      .getState()
      .importEnvironment('embedded-sandbox', { name: 'Customer B.bru', text: 'vars {\n}\n' });
    expect(calls).toEqual([
      {
        name: 'workspace.importEnvironment',
        args: {
          targetId: 'embedded-sandbox',
          format: 'bruno',
          text: 'vars {\n}\n',
          fileName: 'Customer B.bru',
        },
      },
    ]);
    expect(useComposerStore.getState().variables).toEqual(variables);
    expect(useComposerStore.getState().environmentReport).toEqual({
      said: 'Imported the environment “Customer B”',
      notes: ["Left out the disabled values 'debugTrace'."],
    });
  });

  it('downloads an export under its file name, and shows a refusal', async () => {
    answers.set('workspace.exportEnvironment', () => ({
      fileName: 'Customer B.bru',
      text: 'vars {\n}\n',
      notes: ['The values of the secret …'],
    }));
    await useComposerStore.getState().exportEnvironment('embedded-sandbox', 'Customer B', 'bruno');
    expect(downloads).toEqual([{ fileName: 'Customer B.bru', text: 'vars {\n}\n' }]);
    expect(useComposerStore.getState().environmentReport?.notes).toEqual([
      'The values of the secret …',
    ]);

    answers.set('workspace.importEnvironment', () => {
      throw new Error('x.json is a Postman collection, not an environment');
    });
    await useComposerStore
      .getState()
      .importEnvironment('embedded-sandbox', { name: 'x.json', text: '{}' });
    expect(String(useComposerStore.getState().variablesError)).toMatch(/not an environment/);
  });
});
