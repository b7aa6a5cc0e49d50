/**
 * What a request's context says of whom it acts for: the TPP behind its certificate and the PSU the
 * session stage resolved. They read the request context, so they sit above the domain, which
 * never sees a request (the floors in docs/architecture.md).
 */
import { boundedMemo } from '../../../shared/bounded-memo.js';
import type { ResolvedPsu } from '../domain/psu.js';
import type { RequestContext } from './request-context.js';

/**
 * The TPP a request comes from: the certificate's organizationIdentifier (production requires it
 * on AIS/PIS routes). Without one (sandbox certificates may lack it) the certificate subject DN in
 * RFC 2253 form stands in, so one certificate is one TPP (docs/sca.md).
 */
export function tppIdOf(ctx: RequestContext): string | undefined {
  return ctx.tpp?.organizationIdentifier ?? ctx.signature?.certificate.subject;
}

/** What the SCA pages call the TPP: registered name, else the certificate's CN, else its id. */
export function tppNameOf(ctx: RequestContext): string | undefined {
  if (ctx.tpp?.registeredName) return ctx.tpp.registeredName;
  const subject = ctx.signature?.certificate.subject;
  return (subject ? commonNameOf(subject) : undefined) ?? tppIdOf(ctx);
}

/** The subjects whose CN is kept: one per certificate, and a workbench sees a handful. */
const SUBJECTS_KEPT = 64;

/** The CN of an RFC 2253 subject, unescaped; once per certificate's subject (bounded-memo.ts). */
const commonNameOf = boundedMemo(SUBJECTS_KEPT, (subject) =>
  /(?:^|,)CN=((?:\\.|[^,])+)/.exec(subject)?.[1]?.replace(/\\(.)/g, '$1'),
);

/** The ResolvedPsu the stage resolved; undefined on routes that declare no `access`. */
export function psuContextOf(ctx: RequestContext): ResolvedPsu | undefined {
  const session = ctx.session as ResolvedPsu | undefined;
  return session && typeof session === 'object' && 'tppId' in session ? session : undefined;
}
