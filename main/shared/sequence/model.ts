/**
 * A sequence diagram's vocabulary: the three parties of a redirect SCA (§6) — the TPP, the bank
 * and the PSU's browser — and the arrows between them. The live diagram of the bank console and
 * the picture in a check's evidence are drawn from the same steps. Pure.
 */

export type Lane = 'tpp' | 'bank' | 'psu';

export const LANES: readonly { lane: Lane; title: string }[] = [
  { lane: 'tpp', title: 'TPP (workbench)' },
  { lane: 'bank', title: 'Bank' },
  { lane: 'psu', title: 'PSU browser' },
];

export interface SequenceStep {
  key: string;
  from: Lane;
  to: Lane;
  label: string;
  /** The whole text when the label is shortened. */
  title?: string;
  kind: 'request' | 'response' | 'redirect' | 'note';
  /** The exchange the step belongs to (a request log key, or an evidence exchange id). */
  exchangeKey?: string;
  status?: number;
}

const MAX_LABEL = 64;

/** A label cut to what fits between two lanes (`max`: a note on one lane has more room). */
export function shortLabel(text: string, max = MAX_LABEL): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Long ids in a path kept to their first 8 characters, so labels fit between two lanes. */
export function shortIds(path: string): string {
  return path.replace(/[0-9a-f]{8}-[0-9a-f-]{27,}/gi, (id) => `${id.slice(0, 8)}…`);
}

/** The parameters of a redirect to the TPP, as names: "psu-id, tpp-session-id, context". */
export function redirectParameters(location: string): string {
  try {
    return [...new URL(location).searchParams.keys()].join(', ');
  } catch {
    return '';
  }
}

/**
 * The PSU's browser sent back to the TPP-Redirect-URI: done (§6.1) or failed (§6.2, which carries
 * `status`/`code`), with the parameter names.
 */
export function redirectStep(key: string, location: string, exchangeKey?: string): SequenceStep {
  const parameters = redirectParameters(location);
  const failed = /[?&](code|status)=/.test(location);
  return {
    key,
    from: 'psu',
    to: 'tpp',
    label: shortLabel(
      `${failed ? 'SCA failed' : 'SCA done'}: redirect${parameters ? ` (${parameters})` : ''}`,
    ),
    kind: 'redirect',
    ...(exchangeKey !== undefined ? { exchangeKey } : {}),
  };
}
