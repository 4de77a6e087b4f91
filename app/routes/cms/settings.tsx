// /cms/settings (issue #20): the site's name, support email, social links,
// analytics id and announcement banner (scope cms:settings: admins). The form
// shows the settings in effect; a field equal to the environment's default is
// stored as no override. Saved settings reach every node at once, without a
// restart (server/modules/site/settings.service.ts); refused fields are marked
// beside themselves and keep what was typed.
import { Form, useActionData, useNavigation } from 'react-router';
import { Field, FormAlert, failureOf, primaryButtonClass } from '../../features/auth-forms/form-parts.tsx';
import { cmsDone, cmsFailure, readFields, type CmsFormResult } from '../../features/cms/cms-actions.server.ts';
import { formatDateTime } from '../../features/cms/cms-format.ts';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import { SETTING_FIELDS, type SettingField } from '../../../domain/site-settings.ts';
import type { Route } from './+types/settings';
import { getServices } from '../../../server/router-context.server.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:settings');
  const { cms, clock } = getServices(context);
  const [view, announcement] = await Promise.all([
    cms.settings.view(),
    getServices(context).siteSettings.announcement(clock.now()),
  ]);
  return { view, bannerShowing: announcement !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context, 'cms:settings');
  const values = readFields(await request.formData(), SETTING_FIELDS);
  const tag = { intent: 'settings' };
  const result = await getServices(context).cms.settings.change(actor, values);
  if (!result.ok) return cmsFailure(result, values, tag);
  return cmsDone(
    result.changed.length === 0
      ? 'Nothing had changed.'
      : 'Settings saved. Every page shows them from now on, on every server.',
    tag,
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Site settings', noIndex: true });

const TIME_FIELDS = new Set<SettingField>(['bannerFrom', 'bannerUntil']);

/** A stored value as its field shows it: a time as the datetime-local input reads it (UTC, to the minute). */
function shown(field: SettingField, value: string | null): string {
  if (value === null) return '';
  return TIME_FIELDS.has(field) ? value.slice(0, 16) : value;
}

export default function CmsSettings({ loaderData }: Route.ComponentProps) {
  const { view, bannerShowing } = loaderData;
  const result = useActionData<CmsFormResult>();
  const failure = failureOf(result);
  const navigation = useNavigation();

  function field(
    name: SettingField,
    label: string,
    options: { type?: string; hint?: string; required?: boolean } = {},
  ) {
    const fallback = view.defaults[name];
    const origin =
      TIME_FIELDS.has(name) || name.startsWith('banner')
        ? null
        : fallback === null
          ? 'Default: none.'
          : `Default: ${fallback}.`;
    const hint = [options.hint, origin].filter(Boolean).join(' ');
    return (
      <Field
        idPrefix="settings"
        name={name}
        label={label}
        type={options.type ?? 'text'}
        required={options.required}
        hint={hint || undefined}
        failure={failure}
        defaultValue={shown(name, view.values[name])}
      />
    );
  }

  const fieldset = 'space-y-4 rounded-xl border border-slate-300 bg-white p-5 dark:border-slate-800 dark:bg-slate-900';
  const legend = 'px-1 text-lg font-semibold';
  return (
    <>
      <h1 className="text-2xl font-bold">Site settings</h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        These override the environment&apos;s values (shown as the default under each field); give a field its default
        again to follow the environment. Saved settings take effect on every server at once.
        {view.updatedAt ? ` Last saved ${formatDateTime(view.updatedAt)}.` : ''}
      </p>
      {/* Keyed by the last save: after one, the fields show what is stored now. */}
      <Form method="post" noValidate className="mt-6 max-w-3xl space-y-6" key={view.updatedAt ?? 'environment'}>
        <div className="space-y-3">
          <FormAlert id="settings-result" result={result} />
        </div>
        <fieldset className={fieldset}>
          <legend className={legend}>Site</legend>
          {field('siteName', 'Site name', { required: true })}
          {field('supportEmail', 'Support email', { type: 'email', required: true })}
        </fieldset>
        <fieldset className={fieldset}>
          <legend className={legend}>Social links</legend>
          {field('telegramUrl', 'Telegram', { type: 'url', hint: 'An https:// address; empty for none.' })}
          {field('twitterUrl', 'Twitter', { type: 'url', hint: 'An https:// address; empty for none.' })}
          {field('facebookUrl', 'Facebook', { type: 'url', hint: 'An https:// address; empty for none.' })}
        </fieldset>
        <fieldset className={fieldset}>
          <legend className={legend}>Analytics</legend>
          {field('analyticsId', 'Tag manager container id', {
            hint: 'Like GTM-XXXXXXX; empty for no analytics at all.',
          })}
        </fieldset>
        <fieldset className={fieldset}>
          <legend className={legend}>Announcement banner</legend>
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="banner-state">
            {view.values.bannerText === null
              ? 'No banner is set.'
              : bannerShowing
                ? 'The banner is showing on the site now.'
                : 'The banner is not showing now: it is outside its from and until.'}
          </p>
          {field('bannerText', 'Banner text', {
            hint: 'One line under the header of every public page; empty for no banner.',
          })}
          {field('bannerLink', 'Banner link', {
            hint: 'An https:// address or a path on this site such as /pricing; optional.',
          })}
          <div className="grid gap-4 sm:grid-cols-2">
            {field('bannerFrom', 'Show from (UTC)', { type: 'datetime-local', hint: 'Empty: from now.' })}
            {field('bannerUntil', 'Show until (UTC)', { type: 'datetime-local', hint: 'Empty: until it is removed.' })}
          </div>
        </fieldset>
        <div className="max-w-xs">
          <button type="submit" disabled={navigation.state === 'submitting'} className={primaryButtonClass}>
            Save settings
          </button>
        </div>
      </Form>
    </>
  );
}
