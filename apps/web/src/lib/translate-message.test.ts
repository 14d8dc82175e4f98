import { describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { translateMessage } from './translate-message.ts';

describe('translateMessage', () => {
  it('looks the English sentence up in the messages namespace, with or without a t function', () => {
    i18n.addResource('en', 'messages', 'Name is required', 'A name, please');
    expect(translateMessage('Name is required')).toBe('A name, please');
    expect(translateMessage(i18n.getFixedT('en', 'auth'), 'Name is required')).toBe('A name, please');
    i18n.addResource('en', 'messages', 'Name is required', 'Name is required');
  });

  it('shows unknown sentences (even with dots and colons) unchanged', () => {
    expect(translateMessage('Server said: no. Really.')).toBe('Server said: no. Really.');
    expect(translateMessage(undefined)).toBeUndefined();
  });
});
