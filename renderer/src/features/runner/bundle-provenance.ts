/**
 * How an imported evidence bundle's run is labelled: where it came from, who
 * sealed it, and whether the seal holds, with each reason when it does not. Pure.
 */
import type { BundleProvenanceView } from '../../../../main/api/contract';

export interface ProvenanceLine {
  verified: boolean;
  /** "imported from evidence.zip, signed by CN=…, verified ✓" */
  headline: string;
  /** The signer's fingerprint, when the certificate could be read. */
  fingerprint?: string;
  /** What a person must know when it does not verify. */
  warning?: string;
  problems: string[];
}

export function provenanceLine(bundle: BundleProvenanceView): ProvenanceLine {
  const signer = bundle.signerSubject ? `signed by ${bundle.signerSubject}` : 'signer unreadable';
  const verdict = bundle.verified
    ? 'verified ✓'
    : `NOT verified ✗ (${bundle.problems.length} problem${bundle.problems.length === 1 ? '' : 's'})`;
  return {
    verified: bundle.verified,
    headline: `Imported from ${bundle.fileName}, ${signer}, ${verdict}`,
    ...(bundle.signerFingerprint256 ? { fingerprint: bundle.signerFingerprint256 } : {}),
    ...(bundle.verified
      ? {}
      : {
          warning:
            'The bundle was changed after it was sealed, or was never sealed by this signer: what it shows below is not evidence and may be false.',
        }),
    problems: bundle.problems,
  };
}

/** The run picker's prefix for an imported run: "bundle ✓" or "bundle ✗". */
export function importedMark(bundle: BundleProvenanceView | undefined): string {
  if (!bundle) return '';
  return bundle.verified ? 'bundle ✓ · ' : 'bundle ✗ · ';
}
