// The action of the chat moderation screens (issue #23, scope cms:chat): one form post is one
// moderation action of the CMS's chat service, which checks the fields and calls chat (chat audits it
// and announces it live). A refusal answers with the status the API gives for it.
import { data, type RouterContextProvider } from 'react-router';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { getServices } from '../../../server/router-context.server.ts';
import type { ChatActionResult } from './chat-moderation.tsx';

export async function chatModerationAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  /** The intents this screen's forms send; anything else changes nothing. */
  intents: readonly string[],
) {
  const { actor } = await requireStaff(request, context, 'cms:chat');
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (name !== 'intent' && typeof value === 'string') values[name] = value;
  const target = values.target ?? '';
  if (!intents.includes(intent))
    return data<ChatActionResult>({ ok: true, message: 'Nothing was changed.', intent, target });
  const outcome = await getServices(context).cms.chat.act(actor, intent, values);
  if (outcome.ok) return data<ChatActionResult>({ ok: true, message: outcome.message, intent, target });
  return data<ChatActionResult>(
    { ok: false, message: outcome.message, fields: outcome.fields, values, intent, target },
    { status: outcome.status },
  );
}
