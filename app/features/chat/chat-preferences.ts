// "Mask bad language" in the chat (issue #23): always on for guests; for
// signed-in users a setting of their account, kept on the device
// (localStorage, like "delay live updates") and copied there from the account
// (app/lib/preferences/account-preferences-sync.ts, which also sends each
// change to the account on CHAT_MASK_EVENT). On until they turn it off.
// Followed across tabs.
import { useSyncExternalStore } from 'react';

export const CHAT_MASK_STORAGE_KEY = 'scoreline-chat-mask';
export const CHAT_MASK_EVENT = 'scoreline:chat-mask';

let memoryValue: boolean | null = null;

/** Stored text → the setting: only "off" turns masking off. */
export function parseChatMask(raw: string | null): boolean {
  return raw !== 'off';
}

function readStored(): boolean {
  if (memoryValue !== null) return memoryValue;
  try {
    return parseChatMask(window.localStorage.getItem(CHAT_MASK_STORAGE_KEY));
  } catch {
    return true;
  }
}

export function setChatMask(on: boolean): void {
  try {
    if (on) window.localStorage.removeItem(CHAT_MASK_STORAGE_KEY);
    else window.localStorage.setItem(CHAT_MASK_STORAGE_KEY, 'off');
    memoryValue = null;
  } catch {
    // Storage disabled (private mode): the choice lasts for this page.
    memoryValue = on;
  }
  window.dispatchEvent(new Event(CHAT_MASK_EVENT));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CHAT_MASK_STORAGE_KEY || event.key === null) onChange();
  };
  window.addEventListener(CHAT_MASK_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHAT_MASK_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether to mask: the stored setting for a signed-in user, always for a guest; on in the server's HTML. */
export function useChatMask(signedIn: boolean): boolean {
  const stored = useSyncExternalStore(subscribe, readStored, () => true);
  return signedIn ? stored : true;
}
