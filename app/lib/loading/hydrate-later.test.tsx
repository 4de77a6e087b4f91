import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HydrateLater, partAttributes } from './hydrate-later.tsx';

describe('parts that hydrate later, on the server', () => {
  it('render in full inside a Suspense boundary, the root element marked for the visitor reaching for it', () => {
    const html = renderToString(
      <HydrateLater id="day-en-1">
        <section {...partAttributes('day-en-1')}>
          <a href="/match/1">Arsenal 1, Chelsea 0</a>
        </section>
      </HydrateLater>,
    );
    expect(html).toBe(
      '<!--$--><section data-hydrate-later="day-en-1"><a href="/match/1">Arsenal 1, Chelsea 0</a></section><!--/$-->',
    );
  });
});
