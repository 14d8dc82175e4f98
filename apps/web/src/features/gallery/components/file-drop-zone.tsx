import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadCloud } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { FieldError } from '../../../components/ui/input.tsx';

interface FileDropZoneProps {
  label: string;
  accept: string;
  hint: string;
  error?: string;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}

/** Several files at once, dropped on the zone or chosen with the (keyboard-reachable) file input. */
export function FileDropZone({ label, accept, hint, error, disabled, onFiles }: FileDropZoneProps) {
  const { t } = useTranslation('gallery');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };

  return (
    <div>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center',
          over ? 'border-brand-700 bg-brand-50 dark:bg-gray-800' : 'border-gray-300 dark:border-gray-600',
          error && 'border-red-500',
        )}
      >
        <UploadCloud className="h-8 w-8 text-gray-500 dark:text-gray-400" aria-hidden />
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('upload.drop')}</p>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          multiple
          accept={accept}
          disabled={disabled}
          aria-invalid={!!error || undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            onFiles([...(event.target.files ?? [])]);
            // The same file can be chosen again after it was removed.
            event.target.value = '';
          }}
          className="block max-w-full text-sm text-gray-700 file:me-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-brand-800 dark:text-gray-300"
        />
        <p id={`${id}-hint`} className="text-xs text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
