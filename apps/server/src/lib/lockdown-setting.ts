/**
 * The settings row that holds lockdown while it is on (absent when off). Not one of the settings
 * the Settings form edits: only the lockdown routes write it, and every request reads it with its
 * token (auth/tokens.service.ts), so each server process sees it at once.
 */
export const LOCKDOWN_SETTING = 'lockdown';
