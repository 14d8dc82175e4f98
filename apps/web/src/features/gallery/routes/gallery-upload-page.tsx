import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ArrowLeft } from 'lucide-react';
import { MEDIA_MESSAGES } from '@app/shared/schemas/media.schema';
import { Button } from '../../../components/ui/button.tsx';
import { translateMessage } from '../../../lib/translate-message.ts';
import { refreshGallery } from '../api/refresh-gallery.ts';
import { galleryPathFor } from '../components/gallery-list-spec.ts';
import { UploadForm } from '../components/upload-form.tsx';

const GALLERY_PATH = '/dashboard/gallery';

/** /dashboard/gallery/upload, 'Upload New Media' (spec section 2); Cancel returns to the gallery. */
export function GalleryUploadPage() {
  const { t } = useTranslation('gallery');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const initialOrphanId = /^[1-9]\d*$/.test(search.get('orphan_id') ?? '') ? (search.get('orphan_id') ?? undefined) : undefined;

  return (
    <section aria-labelledby="gallery-upload-title" className="mx-auto max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="gallery-upload-title" className="text-2xl font-semibold">
          {t('upload.title')}
        </h2>
        <Button asChild variant="ghost" size="sm">
          <Link to={GALLERY_PATH}>
            <ArrowLeft className="rtl-flip h-4 w-4" aria-hidden />
            {t('upload.back')}
          </Link>
        </Button>
      </div>
      <UploadForm
        initialOrphanId={initialOrphanId}
        onSomeStored={() => void refreshGallery(queryClient)}
        onUploaded={(orphanId) => {
          toast.success(translateMessage(t, MEDIA_MESSAGES.created));
          navigate(galleryPathFor(orphanId));
        }}
        onCancel={() => navigate(GALLERY_PATH)}
      />
    </section>
  );
}
