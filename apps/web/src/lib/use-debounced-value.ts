import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@app/shared/constants';

/** The value, once it has stopped changing for `delay` ms (spec section 9: search debounce 500 ms). */
export function useDebouncedValue<T>(value: T, delay: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
