// What the Pages screens' actions answer (issue #20): a refusal with the field
// messages and everything typed, a confirmation, or a rendered preview. Shared by
// the actions (page-actions.server.ts) and the components that show the answer.

/** The fields of the page form, as typed. */
export const PAGE_FIELDS = ['slug', 'title', 'description', 'body', 'baseRevision'] as const;
export type PageFormValues = Record<(typeof PAGE_FIELDS)[number], string>;

export type PageAnswer =
  | { ok: false; intent: string; message: string; fields: Record<string, string>; values: Record<string, string> }
  | { ok: true; intent: string; message: string }
  /** A preview: the sanitized HTML, and (without JavaScript, from the whole form) what was typed. */
  | { ok: true; intent: 'preview'; message: string; html: string; values?: Record<string, string> };

/** The typed values an answer carries back to the form, if any: a refusal, or a preview of the whole form. */
export function keptValues(answer: PageAnswer | undefined): Record<string, string> | undefined {
  if (!answer || !('values' in answer)) return undefined;
  return answer.values;
}

/** The answer when it belongs to the form of `intent` (a screen has several). */
export function answerTo(answer: PageAnswer | undefined, ...intents: string[]): PageAnswer | undefined {
  return answer && intents.includes(answer.intent) ? answer : undefined;
}

/** A preview changes nothing a loader reads: the screens skip revalidating after one (shouldRevalidate). */
export function isPreview(formData: FormData | undefined): boolean {
  return formData?.get('intent') === 'preview';
}
