// One virtualised list for every long list on the site (spec §9): at most 1000
// items, and only the rows within 200 px of the viewport are in the DOM.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export const VIRTUAL_LIST_MAX_ITEMS = 1000;
export const VIRTUAL_LIST_BUFFER_PX = 200;

export interface VirtualListProps<T> {
  items: readonly T[];
  /** Estimated row height in px; rows are measured once rendered. */
  estimateSize: number;
  getKey: (item: T, index: number) => string | number;
  renderItem: (item: T, index: number) => ReactNode;
  label: string;
}

export function VirtualList<T>({ items, estimateSize, getKey, renderItem, label }: VirtualListProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);
  const shown = items.length > VIRTUAL_LIST_MAX_ITEMS ? items.slice(0, VIRTUAL_LIST_MAX_ITEMS) : items;

  useLayoutEffect(() => {
    setOffset(listRef.current?.offsetTop ?? 0);
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: shown.length,
    estimateSize: () => estimateSize,
    // The library counts its buffer in rows; convert the spec's 200 px.
    overscan: Math.max(1, Math.ceil(VIRTUAL_LIST_BUFFER_PX / estimateSize)),
    scrollMargin: offset,
    getItemKey: (index) => getKey(shown[index] as T, index),
    // Server render: assume a typical phone screen so readers without JavaScript see the first rows.
    initialRect: { width: 400, height: 800 },
  });

  const rows = virtualizer.getVirtualItems();
  return (
    <div>
      <ul
        ref={listRef}
        aria-label={label}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
        data-total={shown.length}
      >
        {rows.map((row) => (
          <li
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start - offset}px)` }}
          >
            {renderItem(shown[row.index] as T, row.index)}
          </li>
        ))}
      </ul>
      {items.length > VIRTUAL_LIST_MAX_ITEMS ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Showing the first {VIRTUAL_LIST_MAX_ITEMS.toLocaleString('en')} of {items.length.toLocaleString('en')}. Narrow the
          list to see the rest.
        </p>
      ) : null}
    </div>
  );
}
