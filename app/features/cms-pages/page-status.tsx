import type { PageStatus } from '../../../server/modules/site/pages.schemas.ts';
import { formatDateTime } from '../cms/cms-format.ts';

/** A page's status in words: a draft, scheduled for when, or published. */
export function PageStatusText({ status, publishAt }: { status: PageStatus; publishAt: string | null }) {
  if (status === 'draft') return <span>Draft</span>;
  if (status === 'scheduled') return <span>Scheduled for {publishAt ? formatDateTime(publishAt) : 'later'}</span>;
  return <span className="font-semibold text-brand-700 dark:text-brand-100">Published</span>;
}
