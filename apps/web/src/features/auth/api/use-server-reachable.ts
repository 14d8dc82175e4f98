import { useCallback, useEffect, useState } from 'react';
import { REACHABILITY_TIMEOUT_MS } from '@app/shared/constants';
import { checkServerReachable } from '../../../lib/api-client.ts';

/** Spec section 4, Login: reachability is checked on load (and again before each submit). */
export function useServerReachable() {
  const [reachable, setReachable] = useState<boolean | null>(null);

  useEffect(() => {
    let active = true;
    void checkServerReachable(REACHABILITY_TIMEOUT_MS).then((ok) => {
      if (active) setReachable(ok);
    });
    return () => {
      active = false;
    };
  }, []);

  const recheck = useCallback(async () => {
    const ok = await checkServerReachable(REACHABILITY_TIMEOUT_MS);
    setReachable(ok);
    return ok;
  }, []);

  return { reachable, recheck };
}
