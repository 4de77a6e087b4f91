// Favourites kept on this device before signing in (localStorage) travel with
// the sign-in or registration form, so the account gets them at first sign-in.
import { useEffect, useRef } from 'react';

export const DEVICE_FAVOURITES_KEY = 'scoreline.favourites';

export function DeviceFavouritesField() {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!input.current) return;
    try {
      input.current.value = localStorage.getItem(DEVICE_FAVOURITES_KEY) ?? '';
    } catch {
      // Storage may be blocked; the account simply starts without device favourites.
    }
  }, []);
  return <input ref={input} type="hidden" name="device_favourites" defaultValue="" />;
}
