// Site-wide data every page may read: the root loader's public configuration.
import { useRouteLoaderData } from 'react-router';
import type { PublicConfig } from '../../server/platform/config.ts';

export interface RootData {
  site: PublicConfig;
  nonce: string;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}

export function useSite(): PublicConfig | undefined {
  return useRootData()?.site;
}
