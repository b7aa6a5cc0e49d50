/**
 * Which rows of a long list are in the DOM: those a scrolled viewport shows, and a few more either
 * side so a quick scroll shows no gap. Rows have one height; a row that grows (a field opened in
 * it) only pushes the rows after it down. Pure.
 */

export interface RowWindow {
  /** The first row rendered. */
  start: number;
  /** One past the last row rendered. */
  end: number;
}

export function rowWindow(
  total: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  overscan = 8,
): RowWindow {
  // A list that shrank under a scrolled viewport (a new search) shows its end, never nothing.
  const top = Math.min(Math.max(0, scrollTop), Math.max(0, total * rowHeight - viewportHeight));
  const first = Math.floor(top / rowHeight);
  const shown = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.min(total, Math.max(0, first - overscan));
  const end = Math.min(total, first + shown + overscan);
  return { start, end: Math.max(start, end) };
}
