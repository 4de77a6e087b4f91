// The chat API's answers as the box checks them (issue #23), with the shared
// contracts (domain/chat-contracts.ts). Loaded by chat-api.ts with the first
// answer, not with the box: zod and the contracts are not in the box's chunk,
// so the match page names one chunk fewer for it (its first-load budget).
import { z } from 'zod';
import {
  chatHistorySchema,
  chatMessageSchema,
  chatRoomInfoSchema,
  chatRoomSchema,
} from '../../../domain/chat-contracts.ts';

/** `{ error: { code, message } }`, as every refusal of the API is written. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    retryAfterSeconds: z.number().optional(),
    secondsLeft: z.number().optional(),
  }),
});

export const chatAnswers = {
  history: chatHistorySchema,
  room: chatRoomInfoSchema,
  posted: z.object({ message: chatMessageSchema }).transform((body) => body.message),
  /** The CMS's room changes answer `{ data: { room, changed } }`. */
  roomChange: z.object({ data: z.object({ room: chatRoomSchema }) }).transform((body) => body.data.room),
  nothing: z.unknown().transform(() => undefined),
};
