import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSION } from '@app/shared/permissions';
import { MEDIA_MESSAGES, type MediaItem } from '@app/shared/schemas/media.schema';
import { ListScreen } from '../../../components/list/list-screen.tsx';
import { useConfirmDelete } from '../../../components/list/confirm-delete.tsx';
import { flatPage, usePagedList } from '../../../components/list/use-paged-list.ts';
import type { ListQueryStatus } from '../../../components/list/list-states.tsx';
import { galleriesQuery } from '../api/get-galleries.ts';
import { useDeleteMedia } from '../api/delete-media.ts';
import { DownloadDialog } from '../components/download-dialog.tsx';
import { GalleryFilters } from '../components/gallery-filters.tsx';
import { GALLERY_LIST } from '../components/gallery-list-spec.ts';
import { MediaEditModal } from '../components/media-edit-modal.tsx';
import { MediaGrid } from '../components/media-grid.tsx';
import { MediaViewer } from '../components/media-viewer.tsx';

/** Before a child is chosen nothing is asked of the server: the screen only says to choose one. */
const NOTHING_ASKED: ListQueryStatus = { isPending: false, isError: false, error: null, isFetching: false };

/**
 * /dashboard/gallery (spec section 2): pick a child and optionally a date range (kept in the URL),
 * a grid of their media, the viewer, the download dialog, edit and delete.
 */
export function GalleryPage() {
  const { t } = useTranslation('gallery');
  const gallery = usePagedList(GALLERY_LIST, galleriesQuery, flatPage);
  const { list } = gallery;
  const chosen = !!list.params.orphan_id;
  const remove = useDeleteMedia();
  const [viewing, setViewing] = useState<number | null>(null);
  const [downloading, setDownloading] = useState<MediaItem | null>(null);
  const [editing, setEditing] = useState<MediaItem | null>(null);
  const deletion = useConfirmDelete<MediaItem>({
    remove: remove.mutateAsync,
    message: t('delete.confirm'),
    done: MEDIA_MESSAGES.deleted,
    failed: t('delete.failed'),
    from: gallery,
  });
  // The open item follows the list as it refreshes (a video's new resolution shows in the dialog).
  const downloadItem = downloading ? (gallery.rows.find((r) => r.id === downloading.id) ?? downloading) : null;

  return (
    <>
      <ListScreen
        id="gallery"
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        add={{ label: t('page.upload'), permission: PERMISSION.gallery.create, to: uploadPath(list.params.orphan_id) }}
        toolbar={<GalleryFilters list={list} />}
        {...gallery}
        list={chosen ? list : undefined}
        rows={chosen ? gallery.rows : []}
        query={chosen ? gallery.query : NOTHING_ASKED}
        empty={chosen ? t('page.empty') : t('page.selectOrphan')}
        error={(message) => t('page.error', { message })}
      >
        <MediaGrid items={gallery.rows} label={t('page.title')} onOpen={setViewing} onDownload={setDownloading} onEdit={setEditing} onDelete={deletion.ask} />
      </ListScreen>
      {viewing !== null && gallery.rows.length > 0 ? (
        <MediaViewer
          items={gallery.rows}
          index={Math.min(viewing, gallery.rows.length - 1)}
          onIndexChange={setViewing}
          onClose={() => setViewing(null)}
          onDownload={setDownloading}
        />
      ) : null}
      {downloadItem ? <DownloadDialog item={downloadItem} onClose={() => setDownloading(null)} /> : null}
      {editing ? <MediaEditModal item={editing} onClose={() => setEditing(null)} /> : null}
      {deletion.dialog}
    </>
  );
}

/** The upload page starts with the child whose media are on screen. */
function uploadPath(orphanId: string | undefined): string {
  return orphanId ? `/dashboard/gallery/upload?orphan_id=${encodeURIComponent(orphanId)}` : '/dashboard/gallery/upload';
}
