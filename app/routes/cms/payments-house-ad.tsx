// /cms/payments/house-ad (issue #21, scope cms:payments): the site's own ad, shown
// on home and match pages to visitors without the no_ads entitlement — title,
// a line of text, a link and an optional image. Audited by the service.
import { Form, useActionData, useNavigation } from 'react-router';
import { HouseAd } from '../../features/ads/house-ad.tsx';
import { Field, FormAlert, failureOf, primaryButtonClass } from '../../features/auth-forms/form-parts.tsx';
import { cmsDone, cmsFailure, readFields, type CmsFormResult } from '../../features/cms/cms-actions.server.ts';
import { requireStaff } from '../../lib/auth/staff-access.server.ts';
import { pageMeta } from '../../lib/seo/seo.ts';
import type { Route } from './+types/payments-house-ad';
import { getServices } from '../../../server/router-context.server.ts';

const FIELDS = ['title', 'text', 'link', 'imageUrl', 'active'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, 'cms:payments');
  return { ad: await getServices(context).cms.deals.houseAd() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context, 'cms:payments');
  const values = readFields(await request.formData(), FIELDS);
  const tag = { intent: 'house-ad' };
  const result = await getServices(context).cms.deals.changeHouseAd(actor, {
    title: values.title,
    text: values.text,
    link: values.link,
    imageUrl: values.imageUrl?.trim() ? values.imageUrl : null,
    active: values.active === 'on',
  });
  if (!result.ok) return cmsFailure(result, values, tag);
  return cmsDone(
    result.ad.active ? 'Saved: pages show the new ad from now on.' : 'Saved: the ad is switched off.',
    tag,
  );
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'House ad', noIndex: true });

export default function CmsHouseAd({ loaderData }: Route.ComponentProps) {
  const { ad } = loaderData;
  const result = useActionData<CmsFormResult>();
  const failure = failureOf(result);
  const navigation = useNavigation();
  return (
    <>
      <h1 className="text-2xl font-bold">House ad</h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        The site&apos;s own ad, labelled as one, on home and on match pages. Visitors with a plan without ads never see
        it. No third-party code: a title, a line of text, a link and an optional image.
      </p>
      <Form
        method="post"
        noValidate
        key={JSON.stringify(ad)}
        className="mt-6 max-w-3xl space-y-4 rounded-xl border border-slate-300 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <FormAlert id="house-ad-result" result={result} />
        <Field idPrefix="ad" name="title" label="Title" required failure={failure} defaultValue={ad.title} />
        <Field
          idPrefix="ad"
          name="text"
          label="Text"
          required
          hint="One or two sentences."
          failure={failure}
          defaultValue={ad.text}
        />
        <Field
          idPrefix="ad"
          name="link"
          label="Link"
          required
          hint="A path on this site such as /pricing, or an https:// address."
          failure={failure}
          defaultValue={ad.link}
        />
        <Field
          idPrefix="ad"
          name="imageUrl"
          label="Image URL"
          hint="Optional: an https:// address or a path on this site; shown small beside the text."
          failure={failure}
          defaultValue={ad.imageUrl ?? ''}
        />
        <label className="flex items-center gap-2">
          <input type="checkbox" name="active" defaultChecked={ad.active} />
          Show the ad
        </label>
        <div className="max-w-xs">
          <button type="submit" disabled={navigation.state === 'submitting'} className={primaryButtonClass}>
            Save the ad
          </button>
        </div>
      </Form>
      <section aria-labelledby="preview-heading" className="mt-8 max-w-md">
        <h2 id="preview-heading" className="mb-2 text-lg font-semibold">
          As visitors see it
        </h2>
        {ad.active ? (
          <HouseAd ad={ad} />
        ) : (
          <p className="text-slate-700 dark:text-slate-300">Switched off: no ad is shown.</p>
        )}
      </section>
    </>
  );
}
