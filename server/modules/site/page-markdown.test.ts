// @vitest-environment jsdom
// Staff pages' Markdown (issue #20): whatever an editor types, what comes out has
// no script, no event handler and no link or image that runs code — checked by
// parsing the output as a browser does, for a page of known attacks and for
// random mixes of them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderPageMarkdown } from './page-markdown.ts';

const ACTIVE_ELEMENTS = 'script, style, iframe, frame, object, embed, svg, math, form, input, button, textarea, select, base, meta, link';
const SAFE_URL = /^(?:https?:|mailto:|\/(?!\/)|#|\?|[^:/?#]*(?:[/?#]|$))/i;

/** Everything in `html` a browser could run: elements, `on…` attributes, URLs with another scheme. */
function activeParts(html: string): string[] {
  const document = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  const found: string[] = [];
  for (const element of document.body.querySelectorAll(ACTIVE_ELEMENTS)) found.push(`<${element.tagName.toLowerCase()}>`);
  for (const element of document.body.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on') || name === 'style' || name === 'srcdoc' || name === 'formaction') found.push(`${name}=`);
      if (['href', 'src', 'action', 'xlink:href', 'poster', 'background'].includes(name)) {
        // What the browser would resolve: controls and spaces inside a scheme are ignored by it.
        const url = [...attribute.value].filter((char) => char.charCodeAt(0) > 0x20).join('');
        if (!SAFE_URL.test(url)) found.push(`${name}=${attribute.value}`);
      }
    }
  }
  return found;
}

const ATTACKS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" ONERROR="alert(1)">',
  '<p onclick="alert(1)">click</p>',
  '<a href="https://ok.example" onmouseover="alert(1)">hover</a>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click]( javascript:alert(1) )',
  '<a href="jav&#x09;ascript:alert(1)">tab</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">entities</a>',
  '<a href="java\nscript:alert(1)">newline</a>',
  '<javascript:alert(1)>',
  '[ref][evil]\n\n[evil]: javascript:alert(2)',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '<a href="data:text/html,<script>alert(1)</script>">data</a>',
  '![pixel](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '<img src="javascript:alert(1)">',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="https://evil.example/x.swf">',
  '<form action="https://evil.example"><button formaction="javascript:alert(1)">go</button></form>',
  '<style>body { display: none }</style>',
  '<div style="background:url(javascript:alert(1))">styled</div>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<<script>script>alert(1)<</script>/script>',
  '<img """><script>alert(1)</script>">',
  '<a href="//evil.example">protocol-relative</a>',
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
];

describe('renderPageMarkdown', () => {
  it('(the check itself finds what a browser would run)', () => {
    expect(
      activeParts('<script></script><img src=x onerror=a()><a href="java\tscript:a()">x</a><a href="data:text/html,x">y</a><a href="/ok">z</a>'),
    ).toEqual(['<script>', 'onerror=', 'href=java\tscript:a()', 'href=data:text/html,x']);
  });

  it('renders the Markdown an editor writes', () => {
    const html = renderPageMarkdown(
      [
        '# Club rules',
        'Read **carefully** and _kindly_; see [the table](/league/en.1), [our host](https://example.org "Host") or [mail us](mailto:club@example.org).',
        '- one\n- two',
        '3. three\n4. four',
        '> quoted',
        '| Team | Pts |\n|:-----|----:|\n| Arsenal | 3 |',
        '```\ncode <b>here</b>\n```',
        '![Crest](/favicon.svg)',
        '~~gone~~',
      ].join('\n\n'),
    );
    expect(html).toContain('<h2>Club rules</h2>');
    expect(html).toContain('<strong>carefully</strong>');
    expect(html).toContain('<em>kindly</em>');
    expect(html).toContain('<a href="/league/en.1">the table</a>');
    expect(html).toContain('<a href="https://example.org" title="Host">our host</a>');
    expect(html).toContain('<a href="mailto:club@example.org">mail us</a>');
    expect(html).toContain('<ul>');
    expect(html).toContain('<ol start="3">');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<th align="left">Team</th>');
    expect(html).toContain('<td align="right">3</td>');
    expect(html).toContain('code &lt;b&gt;here&lt;/b&gt;');
    expect(html).toMatch(/<img (?=[^>]*src="\/favicon\.svg")(?=[^>]*alt="Crest")[^>]*>/);
    expect(html).toContain('<del>gone</del>');
  });

  it('gives every image an alt text', () => {
    expect(renderPageMarkdown('<img src="/favicon.svg">')).toContain('alt=""');
  });

  it.each(ATTACKS)('leaves nothing active of %s', (attack) => {
    const html = renderPageMarkdown(`Before\n\n${attack}\n\nAfter`);
    expect(activeParts(html)).toEqual([]);
    // Inside tags, that is: as text, "javascript:alert(1)" is only words.
    expect(html).not.toMatch(/<[^>]*(?:javascript:|vbscript:|data:|\son\w+=|style=)[^>]*>/i);
    // An unclosed <style> or <noscript> swallows what follows it, as a browser would; nothing else does.
    if (!/<(?:style|noscript)>/.test(attack)) expect(html).toContain('After');
  });

  it('keeps the text of a dropped link, and drops its address', () => {
    expect(renderPageMarkdown('[click me](javascript:alert(1))')).toBe('<p><a>click me</a></p>\n');
  });

  it('leaves nothing active in any mix of attacks, Markdown and text', () => {
    const piece = fc.oneof(
      fc.constantFrom(...ATTACKS),
      fc.constantFrom('\n', '\n\n', ' ', '<', '>', '"', "'", '`', '[', '](', ')', '*', '#', '|', '&#', ':', '=', 'javascript', 'on'),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
        expect(activeParts(renderPageMarkdown(pieces.join('')))).toEqual([]);
      }),
      { numRuns: 400, seed: 20 },
    );
  });
});
