/** Which scaRedirects can still be replayed (renderer/src/state/used-links.ts). */
import { beforeEach, describe, expect, it } from 'vitest';
import { spentLinkText, useUsedLinks } from '../../../../renderer/src/state/used-links';

beforeEach(() => useUsedLinks.setState({ uses: {} }));

describe('spent scaRedirects', () => {
  it('a link is spent once opened, ended or replayed, per target; an end is not undone', () => {
    const { used } = useUsedLinks.getState();
    const spent = (targetId: string, href: string) =>
      spentLinkText(useUsedLinks.getState().uses, targetId, href);
    expect(spent('t', '/sca/1')).toBeUndefined();
    used('t', '/sca/1', 'opened');
    expect(spent('t', '/sca/1')).toMatch(/^This scaRedirect is open in the SCA window/);
    used('t', '/sca/1', 'ended');
    used('t', '/sca/1', 'opened');
    expect(spent('t', '/sca/1')).toBe(
      'This scaRedirect was used (its SCA ended); send the request again for a new link.',
    );
    used('t', '/sca/2', 'replayed');
    expect(spent('t', '/sca/2')).toMatch(/used by a replay/);
    expect(spent('u', '/sca/1')).toBeUndefined();
  });
});
