import { useCallback, useEffect, useState } from 'react';
import { SETTINGS_BANNER_MS } from '@app/shared/constants';

export interface Banner {
  tone: 'success' | 'error';
  text: string;
}

/** A message that clears itself after `ms` (spec section 9: the settings banner, 3000 ms). */
export function useTimedBanner(ms: number = SETTINGS_BANNER_MS) {
  const [banner, setBanner] = useState<Banner | null>(null);
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), ms);
    return () => clearTimeout(timer);
  }, [banner, ms]);
  const show = useCallback((next: Banner) => setBanner(next), []);
  return [banner, show] as const;
}
