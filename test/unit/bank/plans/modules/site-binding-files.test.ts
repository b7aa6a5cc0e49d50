import { describe, expect, it } from 'vitest';
import {
  judgeBindingFile,
  pathPatternMatches,
  type FileAnswer,
} from '../../../../../main/core/bank/plans/modules/site-binding-files.js';

const CALLBACK = [{ path: '/psd2/callback', fragment: '' }];
const served = (body: unknown, contentType = 'application/json'): FileAnswer => ({
  status: 200,
  contentType,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const FINGERPRINT = Array.from({ length: 32 }, () => 'AB').join(':');
const androidApp = (extra: Record<string, unknown> = {}) => ({
  relation: ['delegate_permission/common.handle_all_urls'],
  target: {
    namespace: 'android_app',
    package_name: 'example.tpp',
    sha256_cert_fingerprints: [FINGERPRINT],
    ...extra,
  },
});
const apple = (detail: Record<string, unknown>) => ({
  applinks: { details: [{ appIDs: ['ABCDE12345.example.tpp'], ...detail }] },
});

describe('pathPatternMatches', () => {
  it('reads * as any run, ? as one character, the rest literally', () => {
    expect(pathPatternMatches('/psd2/*', '/psd2/callback')).toBe(true);
    expect(pathPatternMatches('/psd2/*', '/psd3/callback')).toBe(false);
    expect(pathPatternMatches('/psd?/callback', '/psd2/callback')).toBe(true);
    expect(pathPatternMatches('/a.b', '/axb')).toBe(false);
    expect(pathPatternMatches('*', '/anything')).toBe(true);
  });
});

describe('judgeBindingFile: what the platform would refuse', () => {
  it('calls a redirect malformed, naming where it leads', () => {
    const judged = judgeBindingFile('apple', { status: 302, location: '/x', body: '' }, CALLBACK);
    expect(judged).toMatchObject({ state: 'malformed' });
    expect(judged.text).toMatch(/answered 302 \(a redirect to \/x\)/);
  });

  it('calls a missing file absent with its status', () => {
    expect(judgeBindingFile('android', { status: 404, body: '' }, CALLBACK)).toEqual({
      state: 'absent',
      text: '/.well-known/assetlinks.json answered status 404',
    });
  });

  it('refuses a content type other than application/json, parameters allowed', () => {
    expect(judgeBindingFile('android', served([], 'text/html'), CALLBACK).text).toMatch(
      /served as text\/html, not application\/json/,
    );
    expect(
      judgeBindingFile('android', served([], 'application/json; charset=utf-8'), CALLBACK).state,
    ).toBe('valid');
  });

  it('refuses a body that is not JSON', () => {
    expect(judgeBindingFile('apple', served('{"applinks":'), CALLBACK).text).toMatch(
      /apple-app-site-association is not JSON/,
    );
  });

  it.each([
    ['a statement list that is an object', {}, /not a JSON array of statements/],
    ['a relation that is a string', [{ ...androidApp(), relation: 'x' }], /\[0\]\.relation/],
    ['no target', [{ relation: [] }], /\[0\]\.target is not an object/],
    ['no package name', [androidApp({ package_name: undefined })], /package_name/],
    ['a short fingerprint', [androidApp({ sha256_cert_fingerprints: ['AB:CD'] })], /AB:CD/],
    ['no fingerprint', [androidApp({ sha256_cert_fingerprints: [] })], /is empty/],
  ])('refuses assetlinks.json with %s', (_name, body, text) => {
    const judged = judgeBindingFile('android', served(body), CALLBACK);
    expect(judged.state).toBe('malformed');
    expect(judged.text).toMatch(text);
  });

  it.each([
    ['a file that is an array', [], /not a JSON object/],
    ['applinks without details', { applinks: {} }, /applinks\.details is not an array/],
    ['an appID of no team', apple({ appIDs: ['example.tpp'] }), /appIDs has 'example\.tpp'/],
    ['paths that are not strings', apple({ paths: [1] }), /details\[0\]\.paths/],
    ['a component path that is not a string', apple({ components: [{ '/': 1 }] }), /\["\/"\]/],
    ['exclude that is not a boolean', apple({ components: [{ exclude: 'yes' }] }), /exclude/],
  ])('refuses apple-app-site-association with %s', (_name, body, text) => {
    const judged = judgeBindingFile('apple', served(body), CALLBACK);
    expect(judged.state).toBe('malformed');
    expect(judged.text).toMatch(text);
  });
});

describe('judgeBindingFile: which redirect paths a valid file binds', () => {
  it('an Android app handling all URLs binds every path of the site', () => {
    expect(judgeBindingFile('android', served([androidApp()]), CALLBACK)).toMatchObject({
      state: 'valid',
      covers: ['/psd2/callback'],
    });
  });

  it('a statement list without an app handling all URLs binds nothing', () => {
    const web = { relation: ['x'], target: { namespace: 'web', site: 'https://a.example' } };
    const judged = judgeBindingFile(
      'android',
      served([web, { ...androidApp(), relation: ['delegate_permission/common.get_login_creds'] }]),
      CALLBACK,
    );
    expect(judged).toMatchObject({ state: 'valid', covers: [] });
  });

  it('Apple components: the first match decides, exclude unbinds', () => {
    const bound = (components: unknown[]) =>
      judgeBindingFile('apple', served(apple({ components })), CALLBACK);
    expect(bound([{ '/': '/psd2/*' }])).toMatchObject({ covers: ['/psd2/callback'] });
    expect(bound([{ '/': '/psd2/*', exclude: true }, { '/': '*' }])).toMatchObject({ covers: [] });
    expect(bound([{ '/': '/other/*' }])).toMatchObject({ covers: [] });
    expect(bound([{ '#': 'x' }])).toMatchObject({ covers: [] });
  });

  it('Apple paths when there are no components: NOT unbinds, order matters', () => {
    const bound = (paths: string[]) =>
      judgeBindingFile(
        'apple',
        served(apple({ appIDs: undefined, appID: 'ABCDE12345.a', paths })),
        CALLBACK,
      );
    expect(bound(['/psd2/*'])).toMatchObject({ covers: ['/psd2/callback'] });
    expect(bound(['NOT /psd2/*', '*'])).toMatchObject({ covers: [] });
    expect(bound([])).toMatchObject({ covers: [] });
  });

  it('a file without applinks is valid and binds nothing', () => {
    expect(judgeBindingFile('apple', served({ webcredentials: { apps: [] } }), CALLBACK)).toEqual({
      state: 'valid',
      covers: [],
      text: '/.well-known/apple-app-site-association: it has no applinks',
    });
  });
});
