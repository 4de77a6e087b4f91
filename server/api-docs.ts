// /api/docs: a readable index of the OpenAPI document, rendered on the server
// with no third-party viewer (the site loads nothing from other origins).
import type { OpenAPIHono } from '@hono/zod-openapi';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function renderApiDocs(api: OpenAPIHono, siteName: string): string {
  const document = api.getOpenAPI31Document({ openapi: '3.1.0', info: { title: `${siteName} API`, version: '1' } });
  const rows: string[] = [];
  for (const [route, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations ?? {})) {
      if (typeof operation !== 'object' || operation === null || !('responses' in operation)) continue;
      const summary = 'summary' in operation && typeof operation.summary === 'string' ? operation.summary : '';
      const statuses = Object.keys(operation.responses ?? {}).join(', ');
      rows.push(
        `<tr><td><code>${escapeHtml(method.toUpperCase())}</code></td><td><code>/api${escapeHtml(route)}</code></td><td>${escapeHtml(summary)}</td><td>${escapeHtml(statuses)}</td></tr>`,
      );
    }
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>API | ${escapeHtml(siteName)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0f172a}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #cbd5e1;padding:.5rem;text-align:left}code{font-size:.9em}</style></head>
<body><h1>${escapeHtml(siteName)} API</h1><p>JSON over HTTP. Errors always have the shape <code>{ "error": { "code", "message", "fields"? } }</code>. The machine-readable description is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>What it does</th><th>Responses</th></tr></thead><tbody>${rows.join('')}</tbody></table></body></html>`;
}
