import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { deferred, deferredModulesReady } from './deferred.tsx';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('deferred components on the server', () => {
  it('render in full, inside a Suspense boundary, once their modules are loaded', async () => {
    let loads = 0;
    const Deferred = deferred<{ name: string }>(async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return Greeting;
    });
    await deferredModulesReady();
    const html = renderToString(<Deferred name="Arsenal" />);
    // React's markers of a completed boundary, with the content in it (no fallback, nothing streamed later).
    expect(html).toBe('<!--$--><p>Hello <!-- -->Arsenal</p><!--/$-->');
    expect(loads).toBe(1);
  });
});
