// Favourites kept on this device before signing in (localStorage,
// app/lib/preferences/favourites.ts) travel with the sign-in or registration form, so the
// account gets them at once. A controlled field: React would put an
// uncontrolled hidden input back to its default value on the next render.
import { useSyncExternalStore } from 'react';
import { FAVOURITES_STORAGE_KEY } from '../../lib/preferences/favourites.ts';

function readDeviceFavourites(): string {
  try {
    return localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? '';
  } catch {
    // Storage may be blocked; the account simply starts without device favourites.
    return '';
  }
}

const noSubscription = () => () => {};

export function DeviceFavouritesField() {
  // The server renders it empty; the browser fills it in right after hydration.
  const value = useSyncExternalStore(noSubscription, readDeviceFavourites, () => '');
  return <input type="hidden" name="device_favourites" value={value} />;
}
