/**
 * Shared empty values for store selectors: zustand 5 re-renders when a selector returns a new
 * reference, so `?? []` inside a selector loops forever; `?? EMPTY` does not.
 */
export const EMPTY: readonly never[] = Object.freeze([]);
