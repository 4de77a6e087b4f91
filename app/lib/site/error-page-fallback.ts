// What a visitor sees when even the error page cannot be shown (spec §8):
// plain HTML with no scripts and no dependencies, so it cannot fail in turn.
export const ERROR_PAGE_FAILED_MESSAGE = 'An error occurred while showing the error page';

export function errorPageFailedHtml(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Error</title></head><body style="font-family:system-ui,sans-serif;margin:3rem auto;max-width:36rem;padding:0 1rem"><h1>${ERROR_PAGE_FAILED_MESSAGE}</h1><p><a href="/">Go back to the home page</a></p></body></html>`;
}
