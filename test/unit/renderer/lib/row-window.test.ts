import { describe, expect, it } from 'vitest';
import { rowWindow } from '../../../../renderer/src/lib/row-window';

describe('rowWindow', () => {
  it('renders the rows a viewport shows and the overscan either side, not the whole list', () => {
    // 20,000 rows of 28 px, scrolled to row 1000, 560 px tall: rows 1000–1020 show.
    expect(rowWindow(20_000, 28_000, 560, 28, 8)).toEqual({ start: 992, end: 1029 });
  });

  it('starts at the top and stops at the last row', () => {
    expect(rowWindow(20_000, 0, 560, 28, 8)).toEqual({ start: 0, end: 29 });
    expect(rowWindow(30, 28 * 25, 560, 28, 8)).toEqual({ start: 17, end: 30 });
  });

  it('is empty for an empty list and never runs backwards for a scroll past the end', () => {
    expect(rowWindow(0, 0, 560, 28)).toEqual({ start: 0, end: 0 });
    expect(rowWindow(10, 1_000_000, 560, 28)).toEqual({ start: 10, end: 10 });
    expect(rowWindow(10, -50, 0, 28, 0)).toEqual({ start: 0, end: 1 });
  });
});
