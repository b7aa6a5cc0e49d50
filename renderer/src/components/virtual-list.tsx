/**
 * A long list of rows of one height of which only those the viewport shows (and a few either
 * side) are in the DOM (lib/row-window.ts). The list's height is that of all its rows, so the
 * scroll bar is true to its length. Each row is an `<li>` the caller renders.
 */
import { useState, type CSSProperties, type ReactNode } from 'react';
import { rowWindow } from '../lib/row-window';
import './virtual-list.css';

interface VirtualListProps {
  count: number;
  /** Each row's height in px (the least: a row that opens grows, pushing the rows after it). */
  rowHeight: number;
  /** The most the list shows at once, in px; it scrolls beyond. */
  maxHeight: number;
  /** The list's accessible name. */
  label: string;
  testId?: string;
  row(index: number): ReactNode;
}

export function VirtualList({ count, rowHeight, maxHeight, label, testId, row }: VirtualListProps) {
  const [scrollTop, setScrollTop] = useState(0);
  const height = Math.min(count * rowHeight, maxHeight);
  const { start, end } = rowWindow(count, scrollTop, height, rowHeight);
  const rows: ReactNode[] = [];
  for (let index = start; index < end; index += 1) rows.push(row(index));
  return (
    <div
      className="virtual-list"
      style={{ maxHeight }}
      data-testid={testId}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <ul
        className="saved-list virtual-rows"
        aria-label={label}
        style={
          {
            paddingTop: start * rowHeight,
            minHeight: count * rowHeight,
            '--row-height': `${rowHeight}px`,
          } as CSSProperties
        }
      >
        {rows}
      </ul>
    </div>
  );
}
