// Site settings staff set in the CMS (issue #20): site name, support email,
// social links, analytics id and the announcement banner. One flat shape for
// the CMS's form, its JSON API and the audit log (a field's name is the form's
// and the API's); the settings service stores each field that differs from the
// environment's default.
import { z } from 'zod';
import { SETTING_FIELDS, type SettingField } from '../../../domain/site-settings.ts';
import { isPlainLine } from '../../../domain/text.ts';


/** Empty text is "none"; text is trimmed; null stays null. */
const blankToNull = (value: unknown) => (typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : value);

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** A path on this site: one leading slash, never `//` or `/\` (another host). */
const isLocalPath = (value: string) => /^\/(?![/\\])/.test(value) && !/\s/.test(value);

const socialUrl = (network: string) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .max(300, 'Use at most 300 characters')
      .refine(isHttpsUrl, `Give the ${network} address starting with https://, or leave it empty for none`)
      .nullable(),
  );

/**
 * A time the banner starts or ends: `2026-11-27T18:00` (UTC, as the CMS's form sends it; staff times are
 * UTC) or ISO 8601 with its offset (the API). Stored as ISO in UTC.
 */
const bannerTime = z.preprocess(
  blankToNull,
  z
    .string()
    .regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/,
      'Give a date and time, like 2026-11-27T18:00 (UTC)',
    )
    .transform((value, context) => {
      const parsed = new Date(/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`);
      if (Number.isNaN(parsed.getTime())) {
        context.addIssue({ code: 'custom', message: 'This date does not exist' });
        return z.NEVER;
      }
      return parsed.toISOString();
    })
    .nullable(),
);

/** Every setting, as in effect or as saved: null is "none". */
export const siteSettingsSchema = z
  .object({
    siteName: z
      .string({ error: 'Give the site a name' })
      .trim()
      .min(1, 'Give the site a name')
      .max(60, 'Use at most 60 characters')
      .refine(isPlainLine, 'Use one line of plain text'),
    supportEmail: z
      .string({ error: 'Give the support address' })
      .trim()
      .min(1, 'Give the support address')
      .max(254, 'This email address is too long')
      .pipe(z.email('Give a valid email address, like support@example.com')),
    telegramUrl: socialUrl('Telegram'),
    twitterUrl: socialUrl('Twitter'),
    facebookUrl: socialUrl('Facebook'),
    analyticsId: z.preprocess(
      (value) => (typeof blankToNull(value) === 'string' ? (blankToNull(value) as string).toUpperCase() : blankToNull(value)),
      z
        .string()
        .regex(/^GTM-[A-Z0-9]{4,12}$/, 'A tag manager container id looks like GTM-XXXXXXX; leave it empty for no analytics')
        .nullable(),
    ),
    bannerText: z.preprocess(
      blankToNull,
      z.string().max(200, 'Use at most 200 characters').refine(isPlainLine, 'Use one line of plain text').nullable(),
    ),
    bannerLink: z.preprocess(
      blankToNull,
      z
        .string()
        .max(300, 'Use at most 300 characters')
        .refine((value) => isHttpsUrl(value) || isLocalPath(value), 'Give an https:// address, or a path on this site such as /pricing')
        .nullable(),
    ),
    bannerFrom: bannerTime,
    bannerUntil: bannerTime,
  })
  .superRefine((settings, context) => {
    if (settings.bannerText === null && (settings.bannerLink !== null || settings.bannerFrom !== null || settings.bannerUntil !== null)) {
      context.addIssue({ code: 'custom', path: ['bannerText'], message: "Write the banner's text, or clear its link and dates" });
    }
    if (settings.bannerFrom !== null && settings.bannerUntil !== null && settings.bannerFrom >= settings.bannerUntil) {
      context.addIssue({ code: 'custom', path: ['bannerUntil'], message: 'The banner must end after it starts' });
    }
  });
export type SiteSettings = z.output<typeof siteSettingsSchema>;

/** Every field as text or none, before it is checked: what the API reads and shows. */
const fieldsAsText = z.object({
  siteName: z.string().max(2000).nullable(),
  supportEmail: z.string().max(2000).nullable(),
  telegramUrl: z.string().max(2000).nullable(),
  twitterUrl: z.string().max(2000).nullable(),
  facebookUrl: z.string().max(2000).nullable(),
  analyticsId: z.string().max(2000).nullable(),
  bannerText: z.string().max(2000).nullable(),
  bannerLink: z.string().max(2000).nullable(),
  bannerFrom: z.string().max(2000).nullable(),
  bannerUntil: z.string().max(2000).nullable(),
}) satisfies z.ZodType<Record<SettingField, string | null>>;

/** A change: the fields given replace the ones in effect, the others stay; empty text or null is "none". */
export const siteSettingsChangeSchema = fieldsAsText.partial().strict();
export type SiteSettingsChange = z.infer<typeof siteSettingsChangeSchema>;

/** The settings as the JSON API shows them: those in effect, the environment's defaults, and which are overridden. */
export const siteSettingsViewSchema = z.object({
  values: fieldsAsText,
  defaults: fieldsAsText,
  overridden: z.array(z.enum(SETTING_FIELDS)),
  /** When staff last saved them; null while the environment's values are all in effect. */
  updatedAt: z.string().nullable(),
});
export type SiteSettingsView = z.infer<typeof siteSettingsViewSchema>;

/** What the public site shows of the banner while it runs. */
export interface Announcement {
  text: string;
  link: string | null;
}

/** The banner, when it has text and `now` is within its from/until (either may be open). */
export function activeAnnouncement(settings: SiteSettings, now: Date): Announcement | null {
  if (settings.bannerText === null) return null;
  const at = now.toISOString();
  if (settings.bannerFrom !== null && at < settings.bannerFrom) return null;
  if (settings.bannerUntil !== null && at >= settings.bannerUntil) return null;
  return { text: settings.bannerText, link: settings.bannerLink };
}
