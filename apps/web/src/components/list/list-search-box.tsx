import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Search, X } from 'lucide-react';
import { MAX_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS } from '@app/shared/constants';
import { Input } from '../ui/input.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

interface ListSearchBoxProps {
  /** The search in effect (from the URL). */
  value: string;
  /** Called 500 ms after typing stops, or at once on Enter. */
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
}

/**
 * A search input that waits for a pause in typing (spec section 9: 500 ms) before asking the
 * server, so a slow link is not flooded with one request per keystroke.
 */
export function ListSearchBox({ value, onSearch, label, placeholder }: ListSearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const latest = useRef({ value, onSearch });
  const lastSent = useRef(value);

  useEffect(() => {
    latest.current = { value, onSearch };
  });

  // The search changed from outside (Back, a link, a reset): show it. Our own echo is ignored so
  // that a reply arriving while the user keeps typing does not overwrite the input.
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const next = debounced.trim();
    if (next === latest.current.value || next === lastSent.current) return;
    lastSent.current = next;
    latest.current.onSearch(next);
  }, [debounced]);

  const submitNow = (next: string) => {
    const trimmed = next.trim();
    if (trimmed === lastSent.current && trimmed === value) return;
    lastSent.current = trimmed;
    onSearch(trimmed);
  };

  return (
    <form
      role="search"
      className="relative w-full sm:max-w-sm"
      onSubmit={(e) => {
        e.preventDefault();
        submitNow(text);
      }}
    >
      <Search className="pointer-events-none absolute start-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-400" aria-hidden />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        maxLength={MAX_SEARCH_LENGTH}
        onChange={(e) => setText(e.target.value)}
        className="ps-9 pe-9"
      />
      {text ? (
        <button
          type="button"
          onClick={() => {
            setText('');
            submitNow('');
          }}
          aria-label={t('list.clearSearch')}
          className="absolute end-2 top-1/2 -translate-y-1/2 rounded p-1 text-gray-400 hover:text-gray-700 dark:hover:text-gray-200"
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      ) : null}
    </form>
  );
}
