/**
 * The sequence diagram's colours in each theme: the bank console's diagram and the Runner's
 * evidence draw the same picture, so both take them from here.
 *
 * Explicit colours (no CSS variables), so the exported file looks as it does on screen: the
 * light palette is the shared one (reports, evidence); the dark one keeps 4.5:1 on its background.
 */
import { LIGHT_SEQUENCE_PALETTE } from '../../../main/shared/sequence/svg';

export const PALETTES = {
  light: { ...LIGHT_SEQUENCE_PALETTE, noteFill: '#f3edfa', selected: '#fff3c4' },
  dark: {
    request: '#79b8ff',
    response: '#c8c8c8',
    redirect: '#f0a35e',
    note: '#c8a8f0',
    error: '#ff8a80',
    lane: '#8a8a8a',
    text: '#e8e8e8',
    background: '#1e1e1e',
    noteFill: '#2e2640',
    selected: '#4a4123',
  },
} as const;
export type Palette = (typeof PALETTES)[keyof typeof PALETTES];
