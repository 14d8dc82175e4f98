import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format.ts';
import { useSiteInfo } from '../../../lib/site-info.ts';
import { documentTitle } from '../../../lib/page-title.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePublishedPage } from '../api/get-published-page.ts';
import { proseClasses } from '../components/prose.ts';

/** /pages/:slug: a published content page on the public site; drafts and unknown slugs are a 404. */
export function PublishedPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation('admin');
  const format = useFormat();
  const site = useSiteInfo();
  const page = usePublishedPage(slug);
  const data = page.data;

  // Title and description for the tab, bookmarks and link previews.
  useEffect(() => {
    if (!data) return;
    const previousTitle = document.title;
    document.title = documentTitle(data.metaTitle || data.title, site.organization_name);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const previousDescription = meta.content;
    meta.content = data.metaDescription ?? '';
    return () => {
      document.title = previousTitle;
      if (created) meta.remove();
      else meta.content = previousDescription;
    };
  }, [data, site.organization_name]);

  if (page.isPending) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center">
        <Spinner />
      </div>
    );
  }
  if (page.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <Notice tone="error">{t('pages.public.loadError')}</Notice>
      </div>
    );
  }
  if (!data) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">{t('pages.public.notFoundTitle')}</h1>
        <p className="text-gray-600 dark:text-gray-400">{t('pages.public.notFoundBody')}</p>
        <Link to="/" className="font-medium text-brand-700 hover:underline dark:text-brand-400">
          {t('pages.public.home')}
        </Link>
      </div>
    );
  }

  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold sm:text-4xl">{data.title}</h1>
      <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">{t('pages.public.updated', { date: format.date(data.updated_at) })}</p>
      {/* The server sanitises page HTML before storing it (no scripts, handlers or javascript: links). */}
      <div className={`mt-8 ${proseClasses}`} dangerouslySetInnerHTML={{ __html: data.content ?? '' }} />
    </article>
  );
}
