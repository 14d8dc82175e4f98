import { describe, expect, it } from 'vitest';
import type { Result } from '@app/shared/schemas/result.schema';
import { EMPTY_MARKS, assessmentFromParams, assessmentLookup, checkRow, emptyAssessment, marksOf, rowTyped } from './class-results-rows.ts';

const education = { ...emptyAssessment(new Date(2025, 5, 1)), subject: 'Mathematics', term: 'First Term', exam_date: '2025-05-20', total: '100' };

describe('a class results row', () => {
  it('makes an education result with the grade derived from the score', () => {
    const check = checkRow(4, education, { ...EMPTY_MARKS, score: '86.5', average: '80' });
    expect(check).toEqual({
      ok: true,
      data: expect.objectContaining({ orphan_id: 4, result_type: 'education', subject: 'Mathematics', year: 2025, total: 100, score: 86.5, average: 80, grade: 'A' }),
    });
  });

  it("drops what the type does not keep (a discipline result has no total or term)", () => {
    const check = checkRow(4, { ...education, result_type: 'discipline' }, { ...EMPTY_MARKS, ethics_score: '9', score: '75', grade: 'B', average: '50' });
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.data).not.toHaveProperty('total');
    expect(check.data).not.toHaveProperty('term');
    expect(check.data).not.toHaveProperty('average');
  });

  it("puts the assessment's messages beside it and the row's on the row", () => {
    const check = checkRow(4, { ...education, subject: '', total: '50' }, { ...EMPTY_MARKS, score: '60', average: '101' });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.assessment).toEqual({ subject: 'Subject is required' });
    expect(check.row).toEqual({ score: 'Score cannot exceed total marks (50)', average: 'Average cannot exceed 100' });
  });

  it('counts as typed only when a field of its type holds something', () => {
    expect(rowTyped('education', { ...EMPTY_MARKS, grade: 'A' })).toBe(false);
    expect(rowTyped('course', { ...EMPTY_MARKS, grade: 'A' })).toBe(true);
  });

  it('grades a score out of another total by its percentage: 45 of 50 is an A+', () => {
    const check = checkRow(4, { ...education, total: '50' }, { ...EMPTY_MARKS, score: '45', average: '80' });
    expect(check.ok && check.data.grade).toBe('A+');
  });

  it('looks the stored results up only once the assessment is named in full', () => {
    expect(assessmentLookup('9', '', education)).toEqual({ class_grade: '9', result_type: 'education', subject: 'Mathematics', term: 'First Term', exam_date: '2025-05-20' });
    expect(assessmentLookup('', '', education)).toBeNull();
    expect(assessmentLookup('9', '', { ...education, subject: '  ' })).toBeNull();
    expect(assessmentLookup('9', '', { ...education, term: '' })).toBeNull();
    expect(assessmentLookup('9', '', { ...education, exam_date: '2025-05' })).toBeNull();
    // Discipline has no term: the subject and date name it.
    expect(assessmentLookup('9', '', { ...education, result_type: 'discipline', term: '' })).toEqual({ class_grade: '9', result_type: 'discipline', subject: 'Mathematics', exam_date: '2025-05-20' });
  });

  it("fills a row from a stored result's marks", () => {
    const stored = { result_type: 'course', score: 41, average: null, ethics_score: null, uniform_score: null, relationship_score: null, grade: 'B' } as Result;
    expect(marksOf(stored)).toEqual({ ...EMPTY_MARKS, score: '41', grade: 'B' });
  });
});

describe("the assessment in the page's address", () => {
  it('reads every field back', () => {
    const params = new URLSearchParams({ grade: '4', result_type: 'course', subject: 'English', term: 'Level 1', exam_date: '2025-05-20', year: '2025', course_type: 'Language', total: '80', assessed_by: 'Ms Rahimi' });
    expect(assessmentFromParams(params, new Date(2026, 0, 1))).toEqual({
      result_type: 'course', subject: 'English', term: 'Level 1', exam_date: '2025-05-20', year: '2025', course_type: 'Language', total: '80', assessed_by: 'Ms Rahimi',
    });
  });

  it('starts an education result of this year when the address says nothing usable', () => {
    expect(assessmentFromParams(new URLSearchParams('result_type=poetry'), new Date(2026, 0, 1))).toEqual(emptyAssessment(new Date(2026, 0, 1)));
  });
});
