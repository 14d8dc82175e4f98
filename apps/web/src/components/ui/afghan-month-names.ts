import { useEffect } from 'react';
import { intlNamesMonthsOtherwise, withAfghanMonthNames } from '@app/shared/afghan-months';

/**
 * What react-aria tells a screen reader about a Solar Hijri date picker, with Afghan month names.
 * react-aria writes a calendar day's name ("Saturday, Azar 8, 1405"), the month shown, a month
 * segment's value, the chosen date's description and its live announcements through Intl, which
 * names the months the Iranian way in English (and spells some differently in Dari and Pashto),
 * and it takes no other names. So these texts are rewritten where react-aria puts them: inside
 * the fields and calendars marked with MONTH_NAMES_ATTRIBUTE, its live announcer and its
 * description nodes, as soon as they are written (a MutationObserver runs before the page is
 * next read), with the names the rest of the product uses (packages/shared/src/afghan-months.ts).
 */

/** The attribute marking an element whose accessible texts take the Afghan month names. */
export const MONTH_NAMES_ATTRIBUTE = 'data-afghan-month-names';

const SCOPE = `[${MONTH_NAMES_ATTRIBUTE}], [data-live-announcer], [id^="react-aria-description"]`;
const ATTRIBUTES = ['aria-label', 'aria-valuetext'];

function renameIn(root: Node, language: string) {
  const rename = (text: string | null) => (text ? withAfghanMonthNames(text, language) : text);
  const fixElement = (el: Element) => {
    for (const name of ATTRIBUTES) {
      const value = el.getAttribute(name);
      const renamed = rename(value);
      if (value !== null && renamed !== value) el.setAttribute(name, renamed!);
    }
  };
  if (root.nodeType === Node.TEXT_NODE) {
    const renamed = rename(root.nodeValue);
    if (renamed !== root.nodeValue) root.nodeValue = renamed;
    return;
  }
  if (!(root instanceof Element)) return;
  fixElement(root);
  root.querySelectorAll(ATTRIBUTES.map((a) => `[${a}]`).join(',')).forEach(fixElement);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const renamed = rename(node.nodeValue);
    if (renamed !== node.nodeValue) node.nodeValue = renamed;
  }
}

const inScope = (node: Node) => (node instanceof Element ? node : node.parentElement)?.closest(SCOPE) != null;

/** A node put on the page: renamed when it is in a marked element, else the marked elements it holds (a calendar's popover). */
function renameAdded(node: Node, language: string) {
  if (inScope(node)) renameIn(node, language);
  else if (node instanceof Element) node.querySelectorAll(SCOPE).forEach((el) => renameIn(el, language));
}

/** One observer per language for every mounted field that needs it. */
const observers = new Map<string, { users: number; observer: MutationObserver }>();

function startObserving(language: string): () => void {
  let entry = observers.get(language);
  if (!entry) {
    const observer = new MutationObserver((mutations) => {
      for (const m of mutations) {
        if (m.type === 'childList') m.addedNodes.forEach((node) => renameAdded(node, language));
        else if (inScope(m.target)) renameIn(m.target, language);
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ATTRIBUTES });
    document.querySelectorAll(SCOPE).forEach((el) => renameIn(el, language));
    entry = { users: 0, observer };
    observers.set(language, entry);
  }
  entry.users += 1;
  const mine = entry;
  return () => {
    mine.users -= 1;
    if (mine.users === 0) {
      mine.observer.disconnect();
      observers.delete(language);
    }
  };
}

/** While a Solar Hijri field is shown in `language`, its screen-reader texts name the Afghan months. */
export function useAfghanMonthNamesForScreenReaders(enabled: boolean, language: string): void {
  useEffect(() => {
    if (!enabled || !intlNamesMonthsOtherwise(language)) return;
    return startObserving(language);
  }, [enabled, language]);
}
