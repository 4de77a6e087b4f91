// Site-wide data every page may read: the root loader's public configuration.
import { useRouteLoaderData } from 'react-router';
import type { ZoneOffsetTable } from '../../../domain/time-zones.ts';
import type { PublicConfig } from '../../../server/platform/config.ts';

export interface RootData {
  site: PublicConfig;
  nonce: string;
  /** The offsets of the zone the page is rendered in, unless UTC: the browser writes times without Intl. */
  zoneOffsets: ZoneOffsetTable | null;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}

export function useSite(): PublicConfig | undefined {
  return useRootData()?.site;
}
