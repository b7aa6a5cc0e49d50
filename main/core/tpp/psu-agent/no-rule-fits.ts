/**
 * What an agent says when no rule of the PSU steps fits the page the bank answered. Opening an
 * scaRedirect whose SCA already ended, the workbench's bank answers 409; one opened before in
 * another browser, 403 (docs/sca.md, "Recording SCA steps by clicking"). Neither is a page the
 * steps lack: the link is spent, and only a new request (a new authorisation) brings a new one.
 */
import { SPENT_LINK, TAKEN_LINK } from '../../../shared/spent-link.js';
import type { SeenPage } from './seen-page.js';

/** Whether the bank's answer to opening the link (nothing submitted yet) says it is spent. */
function spentReason(page: Pick<SeenPage, 'status'>, opening: boolean): string | undefined {
  if (!opening) return undefined;
  if (page.status === 409) return SPENT_LINK;
  if (page.status === 403) return TAKEN_LINK;
  return undefined;
}

/** The error for `page` (the last of `pages`) when no rule of the steps `stepsName` fits it. */
export function noRuleFits(
  stepsName: string,
  page: Pick<SeenPage, 'status' | 'step' | 'title' | 'error'>,
  pages: readonly Pick<SeenPage, 'method'>[],
): string {
  const opening = !pages.some((seen) => seen.method === 'POST');
  const spent = spentReason(page, opening);
  if (spent !== undefined)
    return `the bank answered ${page.status}${page.error !== undefined ? ` ('${page.error}')` : ''}: ${spent}`;
  return `the bank answered ${page.status} with a page no rule of the PSU steps '${stepsName}' fits${page.step !== undefined ? ` (step '${page.step}')` : page.title !== undefined ? ` ('${page.title}')` : ''}`;
}
