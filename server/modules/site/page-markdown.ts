// Markdown of staff pages to HTML (issue #20), on the server only: the public
// page at /{name} and the CMS's live preview both come through here, so what an
// editor previews is exactly what visitors get. docs/decisions/018.
//
// Markdown allows raw HTML, and an editor's account can be stolen: nothing an
// editor types may run in a visitor's browser. So the HTML marked produces is
// passed through an allow-list (sanitize-html) — tags and attributes not listed
// are dropped (the text inside stays, except in script, style and the like),
// and a link or image keeps its address only when it is http(s), mailto or a
// path on this site. No script, no event handler, no `javascript:`/`data:` URL.
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/** GitHub-flavoured Markdown (tables, strike-through, autolinks); single line breaks stay within a paragraph. */
const markdown = new Marked({ gfm: true, breaks: false, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'del',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    th: [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }],
    td: [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }],
  },
  // Checked on href and src after entities are decoded and spaces and controls removed,
  // so `jav&#x09;ascript:` and ` JavaScript:` are caught too. Relative paths pass.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Dropped with everything inside them, not just their tags.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'svg', 'math'],
  transformTags: {
    // The page's title is its one h1 (PageHeader): an editor's "# Heading" is a section of it.
    h1: 'h2',
    // Every image has an alt text, if only an empty one (axe: image-alt).
    img: (tagName, attribs) => ({ tagName, attribs: { alt: '', ...attribs } }),
  },
};

/** The sanitized HTML of a page's Markdown. Never throws: text marked cannot read is shown as text. */
export function renderPageMarkdown(source: string): string {
  let html: string;
  try {
    html = markdown.parse(source, { async: false });
  } catch {
    html = source
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${sanitizeHtml(paragraph, { allowedTags: [], allowedAttributes: {} })}</p>`)
      .join('\n');
  }
  return sanitizeHtml(html, SANITIZE);
}
