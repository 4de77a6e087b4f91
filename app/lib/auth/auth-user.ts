// Who is signed in, as every page's header sees it: a small summary the root
// loader adds (never a token). Sign-in and sign-out reload the document, so
// this stays right without revalidating the root.
import { useRouteLoaderData } from 'react-router';

export interface HeaderUser {
  /** The account id: favourites on this device remember which account they were merged into. */
  id: number;
  displayName: string;
  staff: boolean;
}

export function useSignedInUser(): HeaderUser | null {
  const root = useRouteLoaderData('root') as { user?: HeaderUser | null } | undefined;
  return root?.user ?? null;
}
