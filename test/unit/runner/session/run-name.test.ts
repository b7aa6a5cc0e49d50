/** Run names: what the CLI's named report copies and the UI's exported reports are called. */
import { describe, expect, it } from 'vitest';
import {
  EMBEDDED_BASE_URL,
  RUN_REPORT_SUFFIX,
  runName,
  runNameOf,
  type RunResult,
} from '../../../../main/core/runner/index';

describe('runName', () => {
  it('says target, mode and UTC start, without what a file name cannot hold', () => {
    expect(runName('https://127.0.0.1:8443/', 'sandbox', '2025-01-02T10:15:00.123Z')).toBe(
      '127.0.0.1-8443-sandbox-20250102T101500Z',
    );
    expect(runName('embedded', 'production', '2025-01-02T10:15:00Z')).toBe(
      'embedded-production-20250102T101500Z',
    );
    expect(runName('http://bank.example/psd2 ä/v1', 'sandbox', '2025-01-02T10:15:00Z')).toBe(
      'bank.example-psd2-v1-sandbox-20250102T101500Z',
    );
    expect(runName('://', 'sandbox', '2025-01-02T10:15:00Z')).toBe(
      'target-sandbox-20250102T101500Z',
    );
  });

  it('cuts a long target to 60 characters', () => {
    const name = runName(`https://${'a'.repeat(100)}`, 'sandbox', '2025-01-02T10:15:00Z');
    expect(name).toBe(`${'a'.repeat(60)}-sandbox-20250102T101500Z`);
  });
});

describe('runNameOf', () => {
  const result = (baseUrl: string, runName?: string) =>
    ({
      startedAt: '2025-01-02T10:15:00.500Z',
      target: { baseUrl, mode: 'sandbox', hasSandboxApi: true },
      ...(runName ? { meta: { runName } } : {}),
    }) as RunResult;

  it('names the embedded bank `embedded`, a profile by its base URL, as the CLI', () => {
    expect(runNameOf(result(EMBEDDED_BASE_URL))).toBe('embedded-sandbox-20250102T101500Z');
    expect(runNameOf(result('https://bank.example:9443'))).toBe(
      'bank.example-9443-sandbox-20250102T101500Z',
    );
  });

  it('keeps the name the result already carries', () => {
    expect(runNameOf(result(EMBEDDED_BASE_URL, 'given-name'))).toBe('given-name');
  });

  it('has a suffix per report', () => {
    expect(RUN_REPORT_SUFFIX).toEqual({
      junit: '.junit.xml',
      html: '.html',
      json: '.run-result.json',
    });
  });
});
