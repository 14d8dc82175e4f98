import common from '../locales/en/common.json';
import auth from '../locales/en/auth.json';
import site from '../locales/en/site.json';
import admin from '../locales/en/admin.json';

/**
 * The English texts of the public site (admin too: published pages use it). The app's entry
 * (main.tsx) carries them, so its first paint waits for nothing; a server-rendered page carries
 * its islands' texts itself and never downloads these (decision 0038). lib/i18n.ts imports them
 * when a namespace of theirs is first needed.
 */
export const publicTexts = { common, auth, site, admin };
export default publicTexts;
