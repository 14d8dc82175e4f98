import { describe, expect, it } from 'vitest';
import { acceptFor, addFiles, canSubmit, fileFitsType, fileProblem, titleFor } from './upload-rules.ts';

const file = (name: string, type: string, size = 10) => ({ name, type, size });

describe('file-type filter (spec section 5)', () => {
  it('offers image/*, video/* and .pdf .doc .docx .txt by media type', () => {
    expect(acceptFor('image')).toBe('image/*');
    expect(acceptFor('video')).toBe('video/*');
    expect(acceptFor('document').split(',')).toEqual(['.pdf', '.doc', '.docx', '.txt']);
  });

  it('takes a dropped file only when it fits the chosen type', () => {
    expect(fileFitsType(file('visit.jpg', 'image/jpeg'), 'image')).toBe(true);
    expect(fileFitsType(file('clip.mp4', 'video/mp4'), 'image')).toBe(false);
    expect(fileFitsType(file('clip.MOV', 'video/quicktime'), 'video')).toBe(true);
    expect(fileFitsType(file('photo.png', 'image/png'), 'video')).toBe(false);
    // Documents go by extension: browsers report Word files under several types, or none.
    expect(fileFitsType(file('Report.PDF', 'application/pdf'), 'document')).toBe(true);
    expect(fileFitsType(file('letter.docx', ''), 'document')).toBe(true);
    expect(fileFitsType(file('old.doc', 'application/msword'), 'document')).toBe(true);
    expect(fileFitsType(file('notes.txt', 'text/plain'), 'document')).toBe(true);
    expect(fileFitsType(file('page.html', 'text/html'), 'document')).toBe(false);
    expect(fileFitsType(file('sheet.xlsx', 'application/vnd.ms-excel'), 'document')).toBe(false);
    expect(fileFitsType(file('scan.pdf', 'application/pdf'), 'image')).toBe(false);
  });

  it('names what is wrong with a file: kind, emptiness or size over the type limit', () => {
    expect(fileProblem(file('a.jpg', 'image/jpeg', 1000), 'image')).toBeNull();
    expect(fileProblem(file('a.jpg', 'image/jpeg', 0), 'image')).toBe('empty');
    expect(fileProblem(file('a.jpg', 'image/jpeg', 21 * 1024 * 1024), 'image')).toBe('size');
    expect(fileProblem(file('a.mp4', 'video/mp4', 300 * 1024 * 1024), 'video')).toBeNull();
    expect(fileProblem(file('a.mp4', 'video/mp4', 1), 'document')).toBe('type');
  });
});

describe('upload form rules', () => {
  it('keeps submit disabled without a file and an orphan', () => {
    expect(canSubmit('', [])).toBe(false);
    expect(canSubmit('7', [])).toBe(false);
    expect(canSubmit('', [{}])).toBe(false);
    expect(canSubmit(undefined, [{}])).toBe(false);
    expect(canSubmit('7', [{}])).toBe(true);
  });

  it('titles one file as typed and numbers several', () => {
    expect(titleFor('  Sports day ', 0, 1)).toBe('Sports day');
    expect(titleFor('Sports day', 0, 3)).toBe('Sports day (1/3)');
    expect(titleFor('Sports day', 2, 3)).toBe('Sports day (3/3)');
  });

  it('adds files without repeating one already chosen', () => {
    const a = new File(['a'], 'a.jpg', { type: 'image/jpeg', lastModified: 1 });
    const b = new File(['bb'], 'b.jpg', { type: 'image/jpeg', lastModified: 2 });
    const aAgain = new File(['a'], 'a.jpg', { type: 'image/jpeg', lastModified: 1 });
    expect(addFiles([a], [b, aAgain]).map((f) => f.name)).toEqual(['a.jpg', 'b.jpg']);
  });
});
