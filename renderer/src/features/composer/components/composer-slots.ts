/**
 * What the composer shows of other screens: the app composes the screens and hands these in, so
 * the composer never imports another feature.
 */
import type { ReactNode } from 'react';

export interface ComposerSlots {
  /** The one target switcher, locked while a run runs (docs/targets.md). */
  targetPicker: ReactNode;
  /** The SCA in progress (§5.3), shown above the answer it came from. */
  scaPanel: ReactNode;
  /** Recording and replaying SCA steps, on the shown answer's target and scaRedirect. */
  scaRecorder(answer: { targetId?: string; scaRedirect?: string }): ReactNode;
}
