// Favourites kept on this device before signing in (localStorage,
// app/lib/favourites.ts) travel with the sign-in or registration form, so the
// account gets them at once. A controlled field: React would put an
// uncontrolled hidden input back to its default value on the next render.
import { useEffect, useState } from 'react';
import { FAVOURITES_STORAGE_KEY } from '../../lib/favourites.ts';

export function DeviceFavouritesField() {
  const [value, setValue] = useState('');
  useEffect(() => {
    try {
      setValue(localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? '');
    } catch {
      // Storage may be blocked; the account simply starts without device favourites.
    }
  }, []);
  return <input type="hidden" name="device_favourites" value={value} />;
}
