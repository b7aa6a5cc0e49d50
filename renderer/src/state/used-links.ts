/**
 * The scaRedirects the workbench has spent, and whether one still can be replayed. The bank binds
 * an scaRedirect to the first browser that opens it and refuses it once its SCA ended (403 and
 * 409 on opening, docs/sca.md "Recording SCA steps by clicking"): a link opened in the SCA window
 * or replayed once cannot be replayed, and only a new request brings a new link. What the
 * workbench knows is decided here; the bank's own answer to a link opened elsewhere is what the
 * replay then reports.
 */
import { create } from 'zustand';
import { SPENT_LINK } from '../../../main/shared/spent-link';

/** What happened to a link: opened in the SCA window (waiting), its SCA ended, or replayed. */
export type LinkUse = 'opened' | 'ended' | 'replayed';

const keyOf = (targetId: string, href: string) => `${targetId} ${href}`;

interface UsedLinksState {
  uses: Readonly<Record<string, LinkUse>>;
  /** Notes what happened to the link `href` of `targetId`; an ended SCA is not undone. */
  used(targetId: string, href: string, use: LinkUse): void;
}

export const useUsedLinks = create<UsedLinksState>((set) => ({
  uses: {},
  used: (targetId, href, use) =>
    set((state) => {
      const key = keyOf(targetId, href);
      if (state.uses[key] === 'ended' && use === 'opened') return state;
      return { uses: { ...state.uses, [key]: use } };
    }),
}));

/** Why the link cannot be replayed, in words; undefined while it can. Pure. */
export function spentLinkText(
  uses: Readonly<Record<string, LinkUse>>,
  targetId: string,
  href: string,
): string | undefined {
  switch (uses[keyOf(targetId, href)]) {
    case undefined:
      return undefined;
    case 'ended':
      return `${SPENT_LINK[0]!.toUpperCase()}${SPENT_LINK.slice(1)}.`;
    case 'replayed':
      return 'This scaRedirect was used by a replay; send the request again for a new link.';
    case 'opened':
      return 'This scaRedirect is open in the SCA window, and the bank binds it to that browser; send the request again for a new link.';
  }
}
