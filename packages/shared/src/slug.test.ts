import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN, slugify } from './slug.ts';

describe('slugify', () => {
  it('lowercases, drops punctuation and joins words with hyphens', () => {
    expect(slugify('Privacy Policy')).toBe('privacy-policy');
    expect(slugify('  Terms of Service!  ')).toBe('terms-of-service');
    expect(slugify("Who We Are: Vision & Mission (2025)")).toBe('who-we-are-vision-mission-2025');
    expect(slugify("Children's Day -- Photos")).toBe('childrens-day-photos');
    expect(slugify('snake_case_title')).toBe('snake-case-title');
  });

  it('keeps Dari and Pashto letters', () => {
    expect(slugify('درباره ما')).toBe('درباره-ما');
    expect(slugify('د ښوونځي خبرونه؟')).toBe('د-ښوونځي-خبرونه');
    // The zero-width non-joiner inside a Persian word separates like a space.
    expect(slugify('کتاب\u200cها')).toBe('کتاب-ها');
  });

  it('answers an empty slug for a title of punctuation only', () => {
    expect(slugify('!!! ??? ...')).toBe('');
  });

  it('always gives a valid slug or nothing, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (title) => {
        const slug = slugify(title);
        if (slug !== '') expect(slug).toMatch(SLUG_PATTERN);
        expect(slugify(slug)).toBe(slug);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps every word of a plain title', () => {
    const word = fc.stringMatching(/^[a-z0-9]{1,10}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), (words) => {
        expect(slugify(words.map((w) => w.toUpperCase()).join('  '))).toBe(words.join('-'));
      }),
    );
  });
});
