// The chat's "mask bad language" setting (issue #23) lives in app/lib/preferences/chat-mask.ts, where the
// account sync (app/lib/preferences/account-preferences-sync.ts) can write it too.
export {
  CHAT_MASK_STORAGE_KEY,
  parseChatMask,
  readChatMask,
  setChatMask,
  useChatMask,
} from '../../lib/preferences/chat-mask.ts';
