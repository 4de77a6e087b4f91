// Structured data in the page (spec: SEO), as an inline script carrying the
// request's CSP nonce like every inline script (docs/decisions/004).
import { useRootData } from '../lib/site/site.ts';
import { jsonForScript } from '../lib/seo/structured-data.ts';

export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useRootData()?.nonce || undefined;
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // Browsers hide a nonce from the DOM once parsed, so the hydrating client sees it differ.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: jsonForScript(data) }}
    />
  );
}
