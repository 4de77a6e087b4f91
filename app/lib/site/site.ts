// Site-wide data every page may read: the root loader's public configuration.
import { useRouteLoaderData } from 'react-router';
import type { ZoneOffsetTable } from '../../../domain/time-zones.ts';
import type { PublicConfig } from '../../../server/platform/config.ts';
import type { Announcement } from '../../../server/modules/site/settings.schemas.ts';

export interface RootData {
  /** The environment's configuration with the settings staff saved in the CMS (issue #20). */
  site: PublicConfig;
  /** The CMS's announcement banner while it runs; null otherwise. */
  announcement: Announcement | null;
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
