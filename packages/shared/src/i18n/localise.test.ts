import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LANGUAGES, languageFromAcceptLanguage, type Language } from './languages.ts';
import { formatMessage, isTranslated, localiseMessage, placeholdersOf } from './localise.ts';
import { MESSAGE_CATALOGS, registerAllMessageCatalogs } from './message-catalogs.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const sharedSrc = path.resolve(here, '..');
const serverSrc = path.resolve(here, '../../../../apps/server/src');
const TRANSLATED = LANGUAGES.filter((l): l is Exclude<Language, 'en'> => l !== 'en');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') && !p.endsWith('.d.ts') ? [p] : [];
  });
}

/** Every module of the shared package, loaded: the message constants are read from what they export. */
let sharedModules: Record<string, Record<string, unknown>> = {};

/**
 * Every message constant the shared package exports: the string values of `*_MSG`, `*_MESSAGES`
 * and `MSG` objects (the schemas' and the spec's texts, the e-mails'), and string constants named
 * like a message (`ID_INVALID`).
 */
function exportedMessages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const [file, module] of Object.entries(sharedModules)) {
    for (const [name, value] of Object.entries(module)) {
      if (typeof value === 'string' && /MSG|MESSAGE|INVALID/.test(name)) found.set(`${file} ${name}`, value);
      if (value && typeof value === 'object' && !Array.isArray(value) && /(^|_)(MSG|MESSAGES)$/.test(name)) {
        for (const [key, text] of Object.entries(value)) if (typeof text === 'string') found.set(`${file} ${name}.${key}`, text);
      }
    }
  }
  return found;
}

/**
 * The server's own texts: a quoted sentence given to an AppError, and a constant named like a
 * message (`BUSY_MESSAGE`, `INVALID_SIGNATURE`, `TOO_MANY_FIELDS`) that an AppError is given.
 */
function serverMessages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(serverSrc)) {
    const source = readFileSync(file, 'utf8');
    const where = path.relative(serverSrc, file);
    // A quoted string on the same line as the call: its first argument (AppError.notFound('…')), or
    // the one after a status or a field name.
    for (const m of source.matchAll(/(?:new AppError\(\d+,|AppError\.\w+\((?:'[^'\n]*',)?)\s*'((?:[^'\\\n]|\\.)+)'/g)) {
      if (/^[A-Z]/.test(m[1])) found.set(`${where} ${m[1]}`, m[1].replace(/\\'/g, "'"));
    }
    for (const m of source.matchAll(/^(?:export )?const ([A-Z][A-Z_]+) = '((?:[^'\\]|\\.)+)';/gm)) {
      // Used as an AppError's message (its first argument, or the one after a status or a field), not as a header's name.
      const used = new RegExp(`AppError(?:\\.\\w+)?\\((?:\\d+,\\s*|'[^'\\n]*',\\s*)?${m[1]}\\b`).test(source);
      if (used) found.set(`${where} ${m[1]}`, m[2]);
    }
  }
  return found;
}

/**
 * What the shared schemas say to bad input: every request schema the package exports parsed
 * with each field given a wrong value in turn (markup, too long, control characters, a word for a
 * number, an impossible date, a negative number, an object, nothing). This reaches the messages
 * composed from a field's label and zod's own English where a schema names no message.
 */
function messagesForBadInput(): Set<string> {
  const bad: unknown[] = ['<b>x</b>', 'x'.repeat(600_000), 'a\u0001b', 'abc', '2024-02-30', '1800-01-01', -5, 1.234, 99_999_999_999, {}, [], true, null, undefined, ''];
  const messages = new Set<string>();
  for (const module of Object.values(sharedModules)) {
    for (const [name, schema] of Object.entries(module)) {
      if (!(schema instanceof z.ZodType) || /Response|Item|Meta|Error|answer/i.test(name)) continue;
      const shape = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
      for (const value of bad) {
        const inputs: unknown[] = [value, ...shape.map((key) => ({ [key]: value }))];
        for (const input of inputs) {
          let result;
          try {
            result = schema.safeParse(input);
          } catch {
            continue; // a schema's own refinement that throws on this input is its own bug, not a message
          }
          if (!result.success) for (const issue of result.error.issues) messages.add(issue.message);
        }
      }
    }
  }
  return messages;
}

beforeAll(async () => {
  registerAllMessageCatalogs();
  const files = sourceFiles(sharedSrc);
  const modules = await Promise.all(files.map((f) => import(f) as Promise<Record<string, unknown>>));
  sharedModules = Object.fromEntries(files.map((f, i) => [path.relative(sharedSrc, f), modules[i]]));
});

describe('the message catalogs', () => {
  it('hold the same English keys in Dari and in Pashto, each with a text of its own', () => {
    const dari = MESSAGE_CATALOGS['fa-AF'];
    const pashto = MESSAGE_CATALOGS['ps-AF'];
    expect(Object.keys(pashto).sort()).toEqual(Object.keys(dari).sort());
    for (const [english, text] of Object.entries(dari)) {
      expect(text.trim(), english).not.toBe('');
      expect(pashto[english].trim(), english).not.toBe('');
      // Written in the Arabic script (numbers, codes and names such as "PDF" may sit inside).
      expect(text, english).toMatch(/[\u0600-\u06FF]/);
      expect(pashto[english], english).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('keep every placeholder of the English text, no more and no fewer', () => {
    for (const language of TRANSLATED) {
      for (const [english, text] of Object.entries(MESSAGE_CATALOGS[language])) {
        expect(placeholdersOf(text).sort(), `${language}: ${english}`).toEqual(placeholdersOf(english).sort());
      }
    }
  });

  it('give Pashto its own sentences, not the Dari ones', () => {
    const dari = MESSAGE_CATALOGS['fa-AF'];
    const pashto = MESSAGE_CATALOGS['ps-AF'];
    const sentences = Object.keys(dari).filter((k) => k.split(' ').length >= 3);
    const same = sentences.filter((k) => dari[k] === pashto[k]);
    expect(same).toEqual([]);
    // Pashto's own letters (ټ ډ ړ ږ ښ ګ ڼ ې ۍ ځ څ) run through most of its sentences (a short one
    // such as "فایل تش دی." may need none); Dari has none of them.
    const pashtoLetters = /[ټډړږښګڼېۍځڅ]/;
    expect(sentences.filter((k) => pashtoLetters.test(pashto[k])).length / sentences.length).toBeGreaterThan(0.8);
    expect(sentences.filter((k) => pashtoLetters.test(dari[k]))).toEqual([]);
  });
});

describe('every message the shared package and the server emit has both translations', () => {
  it.each(TRANSLATED)('%s: the exported message constants (MSG, *_MSG, *_MESSAGES, MAIL_MESSAGES)', (language) => {
    const messages = exportedMessages();
    expect(messages.size).toBeGreaterThan(150); // the walk reached the schemas
    const missing = [...messages].filter(([, text]) => !isTranslated(text, language)).map(([where, text]) => `${where}: ${text}`);
    expect(missing).toEqual([]);
  });

  it.each(TRANSLATED)("%s: the server's own AppError texts", (language) => {
    const messages = serverMessages();
    expect(messages.size).toBeGreaterThan(5);
    const missing = [...messages].filter(([, text]) => !isTranslated(text, language)).map(([where, text]) => `${where}: ${text}`);
    expect(missing).toEqual([]);
  });

  it.each(TRANSLATED)('%s: what the request schemas answer to bad input (labels, zod defaults)', (language) => {
    const messages = messagesForBadInput();
    expect(messages.size).toBeGreaterThan(40);
    expect([...messages].filter((text) => !isTranslated(text, language))).toEqual([]);
  });
});

describe('localiseMessage', () => {
  it('translates a sentence, and leaves English and unknown text as they came', () => {
    expect(localiseMessage('Name is required', 'fa-AF')).toBe('نام ضروری است');
    expect(localiseMessage('Name is required', 'ps-AF')).toBe('نوم اړین دی');
    expect(localiseMessage('Name is required', 'en')).toBe('Name is required');
    expect(localiseMessage('Name is required', 'de')).toBe('Name is required');
    expect(localiseMessage('Server said: no. Really.', 'fa-AF')).toBe('Server said: no. Really.');
    expect(localiseMessage('', 'fa-AF')).toBe('');
  });

  it('matches a filled-in template and puts its values back, translating the values it knows', () => {
    const days = 'The days add up to 40, more than the 31 days of March 2026.';
    expect(localiseMessage(days, 'fa-AF')).toBe('مجموع روزها 40 می‌شود که از 31 روز ماه مارچ 2026 بیشتر است.');
    expect(localiseMessage(days, 'ps-AF')).toBe('د ورځو ټولګه 40 کېږي، چې د مارچ 2026 میاشتې له 31 ورځو ډېره ده.');
    expect(localiseMessage('This role is assigned to 3 user(s). Remove it from them first.', 'fa-AF')).toBe('این نقش به 3 کاربر داده شده است. اول آن را از ایشان بگیرید.');
    expect(localiseMessage('Too many login attempts. Please try again in 42 seconds.', 'ps-AF')).toBe('د ننوتلو ډېرې هڅې شوې دي. مهرباني وکړئ 42 ثانیې وروسته بیا هڅه وکړئ.');
    expect(localiseMessage('Score cannot exceed total marks (50)', 'fa-AF')).toBe('نمره از مجموع نمرات (50) بیشتر بوده نمی‌تواند');
    // A field's label is translated inside the sentence made from it.
    expect(localiseMessage('The father name may not be greater than 100 characters.', 'fa-AF')).toBe('نام پدر نباید بیشتر از 100 حرف باشد.');
    expect(localiseMessage('The guardian name may not contain HTML.', 'ps-AF')).toBe('د سرپرست نوم باید HTML ونه لري.');
    // A label the catalog does not know stays English inside the translated sentence.
    expect(localiseMessage('The favourite colour may not contain HTML.', 'fa-AF')).toBe('favourite colour نباید HTML داشته باشد.');
    // A value that is itself a template ("of type {type}").
    expect(localiseMessage('The file must be a video; this one is of type image/png.', 'fa-AF')).toBe('فایل باید ویدیو باشد؛ این فایل از نوع image/png است.');
    // The more specific of two templates wins ("The file ... MB." over "The {mediaType} ...").
    expect(localiseMessage('The file may not be larger than 25 MB.', 'ps-AF')).toBe('فایل باید له 25 MB لوی نه وي.');
    expect(localiseMessage('The video may not be larger than 2 GB.', 'ps-AF')).toBe('ویډیو باید له 2 GB لوی نه وي.');
    // zod's own English, where a schema names no message.
    expect(localiseMessage('Too big: expected string to have <=255 characters', 'fa-AF')).toBe('بیش از حد طولانی: حداکثر 255 حرف مجاز است');
  });

  it('fills a template in the language asked (e-mails)', () => {
    expect(formatMessage('Hello {name},', { name: 'Maryam' }, 'fa-AF')).toBe('Maryam عزیز، سلام.');
    expect(formatMessage('Hello {name},', { name: 'Maryam' }, 'en')).toBe('Hello Maryam,');
    expect(formatMessage('Reset your {organisation} password', { organisation: 'Care' }, 'ps-AF')).toBe('د Care خپل پټنوم بیا وټاکئ');
  });
});

describe('languageFromAcceptLanguage', () => {
  it('reads Dari from fa, fa-AF and prs, Pashto from ps, and English otherwise', () => {
    expect(languageFromAcceptLanguage('fa-AF')).toBe('fa-AF');
    expect(languageFromAcceptLanguage('fa')).toBe('fa-AF');
    expect(languageFromAcceptLanguage('prs-AF,en;q=0.5')).toBe('fa-AF');
    expect(languageFromAcceptLanguage('ps')).toBe('ps-AF');
    expect(languageFromAcceptLanguage('ps-AF,fa;q=0.9')).toBe('ps-AF');
    expect(languageFromAcceptLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(languageFromAcceptLanguage('de-DE,fr;q=0.8')).toBe('en');
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
    expect(languageFromAcceptLanguage('')).toBe('en');
  });

  it('follows the quality values, skipping q=0 and tags we do not have', () => {
    expect(languageFromAcceptLanguage('en;q=0.4, ps;q=0.8')).toBe('ps-AF');
    expect(languageFromAcceptLanguage('fa;q=0, ps')).toBe('ps-AF');
    expect(languageFromAcceptLanguage('de, fa-AF;q=0.7, en;q=0.6')).toBe('fa-AF');
    expect(languageFromAcceptLanguage('*')).toBe('en');
  });
});
