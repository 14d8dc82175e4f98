import { useCallback, useEffect, useRef, useState } from 'react';
import { STORAGE_KEYS } from '@app/shared/constants';
import { parseStoredSidebar, sidebarOpenAfterResize, sidebarOpenOnLoad } from './sidebar-state.ts';

function readStored(): boolean | null {
  try {
    return parseStoredSidebar(localStorage.getItem(STORAGE_KEYS.sidebar));
  } catch {
    return null;
  }
}

function save(open: boolean): void {
  try {
    localStorage.setItem(STORAGE_KEYS.sidebar, String(open));
  } catch {
    // storage unavailable: the state lasts for this page only
  }
}

/** Sidebar open/collapsed, saved in localStorage and adjusted when the window crosses a breakpoint. */
export function useSidebarOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpenState] = useState(() => sidebarOpenOnLoad(readStored(), window.innerWidth));
  const width = useRef(window.innerWidth);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    save(next);
  }, []);

  useEffect(() => {
    const onResize = () => {
      const previous = width.current;
      width.current = window.innerWidth;
      setOpenState((current) => sidebarOpenAfterResize(current, previous, window.innerWidth));
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  return [open, setOpen];
}
