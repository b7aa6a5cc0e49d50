/**
 * The metadata every report of a run carries (RunMetadata): which workbench, which spec and rule
 * catalogue, which target, which selection and baseline, which machine, the run's name and the
 * QSealC its requests were signed with. The CLI's reports and the UI's exports carry the same.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { productInfo } from '../../product.js';
import { API_RELEASE, BERLIN_GROUP_OPENAPI_VERSION, SPEC_DOCUMENT } from '../../spec/release.js';
import type { RunMetadata, RunResult } from '../../../shared/run-result.js';
import type { TppIdentity } from '../targets/embedded-target.js';
import { machineInfo } from '../results/report-result.js';
import { runName } from './run-name.js';
import type { RuleCatalogue, SessionPlan } from './plan.js';

/**
 * SHA-256 of the rule catalogue (id, section, statement of every rule): the spec the checks were
 * written against, as precise as the rules themselves (docs/spec/interface-spec.md is not shipped
 * with the CLI, its rules are).
 */
export function catalogueSha256(catalogue: RuleCatalogue): string {
  return createHash('sha256')
    .update(
      JSON.stringify(catalogue.rules.map((rule) => [rule.id, rule.reference, rule.statement])),
    )
    .digest('hex');
}

/** The QSealC of the run: who signed the requests the reports show. */
function signingCertificate(
  plan: SessionPlan,
  embedded: TppIdentity | undefined,
): RunMetadata['signingCertificate'] {
  const { target } = plan.request;
  const der =
    target.kind === 'profile'
      ? target.loaded.signing.certificates[0]
      : embedded?.qsealc.certificateDer;
  if (!der) return null;
  const certificate = new X509Certificate(der);
  return { subject: certificate.subject.replace(/\n/g, ', '), sha256: certificate.fingerprint256 };
}

/** The metadata of a finished run of `plan` (`embedded`: the TPP identity an embedded run used). */
export function runMetadata(
  plan: SessionPlan,
  result: RunResult,
  embedded: TppIdentity | undefined,
): RunMetadata {
  const { request } = plan;
  const { selection, target } = request;
  return {
    workbench: { name: productInfo.name, version: productInfo.version },
    spec: {
      document: SPEC_DOCUMENT,
      apiRelease: API_RELEASE,
      berlinGroupOpenApi: BERLIN_GROUP_OPENAPI_VERSION,
      catalogueSha256: catalogueSha256(request.catalogue),
      rules: request.catalogue.rules.length,
    },
    target: {
      name: result.target.name ?? null,
      url: result.target.baseUrl,
      mode: result.target.mode,
      profileFile: request.profileFile ?? null,
      kind: target.kind === 'embedded' ? 'embedded' : request.profileFile ? 'profile' : 'url',
      ...(request.targetLabel !== undefined ? { label: request.targetLabel } : {}),
      ...(request.environment !== undefined ? { environment: request.environment } : {}),
      ...(target.kind === 'embedded' && target.faultProfiles?.length
        ? { faultProfiles: [...target.faultProfiles] }
        : {}),
    },
    selection: {
      suites: [...(selection.areas ?? [])],
      rules: [...(selection.ruleIds ?? [])],
      tags: [...(selection.tags ?? [])],
      grep: selection.text ?? null,
      exclude: [...(selection.exclude ?? [])],
      rerunFailed: request.rerunFailed ?? null,
      ...(selection.ids?.length ? { checkIds: [...selection.ids] } : {}),
      checks: result.checks.length,
    },
    baseline: plan.baseline?.source ?? null,
    machine: machineInfo(),
    runName: runName(
      target.kind === 'profile' ? target.loaded.profile.baseUrl : 'embedded',
      result.target.mode,
      result.startedAt,
    ),
    signingCertificate: signingCertificate(plan, embedded),
    psuDataMasked: request.psuData !== 'keep',
  };
}
