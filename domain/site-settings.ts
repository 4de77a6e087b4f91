// The site settings staff set in the CMS (issue #20), by the name the CMS's
// form, its JSON API and the audit log all use (server/modules/site/settings.schemas.ts
// checks them).
export const SETTING_FIELDS = [
  'siteName',
  'supportEmail',
  'telegramUrl',
  'twitterUrl',
  'facebookUrl',
  'analyticsId',
  'bannerText',
  'bannerLink',
  'bannerFrom',
  'bannerUntil',
] as const;
export type SettingField = (typeof SETTING_FIELDS)[number];
