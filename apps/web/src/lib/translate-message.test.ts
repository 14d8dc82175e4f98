import { afterEach, describe, expect, it } from 'vitest';
import { loadMessageCatalog } from '@app/shared/i18n/load-message-catalog';
import { i18n } from './i18n.ts';
import { translateMessage } from './translate-message.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('translateMessage', () => {
  it('shows English sentences as they are to an English reader', () => {
    expect(translateMessage('Name is required')).toBe('Name is required');
    expect(translateMessage(i18n.getFixedT('en', 'auth'), 'Name is required')).toBe('Name is required');
  });

  it("reads the shared catalog of the screen's language, with or without a t function", async () => {
    await i18n.changeLanguage('fa-AF');
    await loadMessageCatalog('fa-AF');
    expect(translateMessage('Name is required')).toBe('نام ضروری است');
    expect(translateMessage(i18n.getFixedT(null, 'auth'), 'Passwords must match')).toBe('رمزهای عبور باید یکسان باشند');
    // A t fixed to another language speaks that one.
    await loadMessageCatalog('ps-AF');
    expect(translateMessage(i18n.getFixedT('ps-AF', 'common'), 'Name is required')).toBe('نوم اړین دی');
  });

  it('translates a filled-in template, the same way the server does', async () => {
    await i18n.changeLanguage('ps-AF');
    await loadMessageCatalog('ps-AF');
    expect(translateMessage('The days add up to 35, more than the 30 days of April 2026.')).toBe('د ورځو ټولګه 35 کېږي، چې د اپرېل 2026 میاشتې له 30 ورځو ډېره ده.');
    expect(translateMessage('Score cannot exceed total marks (20)')).toBe('نمره له ټولو نمرو (20) زیاته نه شي کېدای');
  });

  it('shows unknown sentences (even with dots and colons), and ones the server already translated, unchanged', async () => {
    expect(translateMessage('Server said: no. Really.')).toBe('Server said: no. Really.');
    expect(translateMessage(undefined)).toBeUndefined();
    await i18n.changeLanguage('fa-AF');
    await loadMessageCatalog('fa-AF');
    expect(translateMessage('نام ضروری است')).toBe('نام ضروری است');
    expect(translateMessage('Server said: no. Really.')).toBe('Server said: no. Really.');
  });
});
