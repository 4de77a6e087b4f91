import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChatText, neutraliseControls, splitLinks } from './chat-text.tsx';

const html = (text: string) => renderToStaticMarkup(<p>{ChatText({ text })}</p>);

describe('ChatText', () => {
  it('renders markup as text, escaped', () => {
    expect(html('<script>window.pwned = 1</script>')).toBe('<p>&lt;script&gt;window.pwned = 1&lt;/script&gt;</p>');
    expect(html('<img src=x onerror=alert(1)>')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(html('![pic](https://example.com/a.png)')).toContain('![pic](');
  });

  it('links only http(s) addresses, with rel="nofollow ugc noopener" and a new tab', () => {
    expect(html('see https://example.com/goal?x=1, great')).toBe(
      '<p>see <a href="https://example.com/goal?x=1" rel="nofollow ugc noopener" target="_blank" class="break-all text-sky-800 underline dark:text-sky-300">https://example.com/goal?x=1</a>, great</p>',
    );
    expect(html('javascript:alert(1)')).toBe('<p>javascript:alert(1)</p>');
    expect(html('data:text/html,<b>x</b> www.example.com')).toBe(
      '<p>data:text/html,&lt;b&gt;x&lt;/b&gt; www.example.com</p>',
    );
  });

  it('never links a javascript: address hidden after http text', () => {
    const parts = splitLinks('http://javascript:alert(1)');
    for (const part of parts) if (part.kind === 'link') expect(part.href).toMatch(/^https?:\/\//);
  });

  it('shows bidi overrides and zero-width characters instead of obeying them', () => {
    expect(neutraliseControls('abc\u202Egnp.exe')).toBe('abc\uFFFDgnp.exe');
    expect(neutraliseControls('a\u200Bb\u2066c\uFEFF')).toBe('a\uFFFDb\uFFFDc\uFFFD');
    expect(html('ok \u202Etxt')).not.toContain('\u202E');
  });

  it('keeps emoji and new lines as they are', () => {
    expect(html('⚽ GOAL\n🎉')).toBe('<p>⚽ GOAL\n🎉</p>');
  });
});

describe('the box’s copy of the contracts’ limit', () => {
  it('is the server’s', async () => {
    const { CHAT_MESSAGE_MAX_LENGTH } = await import('../../../domain/chat-contracts.ts');
    const { MESSAGE_MAX_LENGTH } = await import('./chat-box.tsx');
    expect(MESSAGE_MAX_LENGTH).toBe(CHAT_MESSAGE_MAX_LENGTH);
  });
});
