import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageOff, Trash2, Undo2, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Label } from '../../../components/ui/input.tsx';

interface OrphanPhotoInputProps {
  /** The stored photo (signed URL) when editing. */
  currentUrl?: string | null;
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** The stored photo is marked for removal. */
  removed: boolean;
  onRemovedChange: (removed: boolean) => void;
  error?: string;
  disabled?: boolean;
}

/** A local preview of a chosen file; the object URL is released when it is no longer shown. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/** Photo field: accepts images only, previews the choice, and can remove a stored photo. */
export function OrphanPhotoInput({ currentUrl, file, onFileChange, removed, onRemovedChange, error, disabled }: OrphanPhotoInputProps) {
  const { t } = useTranslation('orphans');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const previewUrl = usePreviewUrl(file);

  // After a reset (file cleared by the form) the native input must forget its file too.
  useEffect(() => {
    if (!file && inputRef.current) inputRef.current.value = '';
  }, [file]);

  const shownUrl = previewUrl ?? (removed ? null : (currentUrl ?? null));

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="flex h-40 w-40 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-gray-200 bg-gray-50 dark:border-gray-700 dark:bg-gray-800">
        {shownUrl ? (
          <img src={shownUrl} alt={previewUrl ? t('form.photo.preview') : t('form.photo.current')} className="h-full w-full object-cover" />
        ) : (
          <div className="flex flex-col items-center gap-1 text-sm text-gray-600 dark:text-gray-300">
            <ImageOff className="h-8 w-8" aria-hidden />
            <span>{t('details.noPhoto')}</span>
          </div>
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <Label htmlFor={id}>{t('fields.profile_photo')}</Label>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept="image/*"
          disabled={disabled}
          aria-invalid={!!error || undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => onFileChange(e.target.files?.[0] ?? null)}
          className="block w-full text-sm text-gray-700 file:me-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-brand-800 dark:text-gray-300"
        />
        <p id={`${id}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
          {t('form.photo.hint')}
        </p>
        <FieldError id={`${id}-error`} message={error} />
        <div className="flex flex-wrap gap-2">
          {file ? (
            <Button variant="outline" size="sm" onClick={() => onFileChange(null)} disabled={disabled}>
              <X className="h-4 w-4" aria-hidden />
              {t('form.photo.clear')}
            </Button>
          ) : null}
          {!file && currentUrl && !removed ? (
            <Button variant="outline" size="sm" onClick={() => onRemovedChange(true)} disabled={disabled}>
              <Trash2 className="h-4 w-4" aria-hidden />
              {t('form.photo.remove')}
            </Button>
          ) : null}
          {!file && currentUrl && removed ? (
            <>
              <p className="text-sm text-amber-700 dark:text-amber-400" role="status">
                {t('form.photo.removeMarked')}
              </p>
              <Button variant="outline" size="sm" onClick={() => onRemovedChange(false)} disabled={disabled}>
                <Undo2 className="h-4 w-4" aria-hidden />
                {t('form.photo.undoRemove')}
              </Button>
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
