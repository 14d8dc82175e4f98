import { describe, expect, it } from 'vitest';
import { sameAssessment } from './result-assessment.ts';

const maths = { result_type: 'education', subject: 'Mathematics', term: 'First Term', exam_date: '2026-03-01' };

describe('one assessment, one result', () => {
  it('is the same assessment for the same type, subject (case and spaces aside), term and exam date', () => {
    expect(sameAssessment(maths, { ...maths, subject: ' mathematics ' })).toBe(true);
    expect(sameAssessment(maths, { ...maths, result_type: 'course' })).toBe(false);
    expect(sameAssessment(maths, { ...maths, term: 'Final' })).toBe(false);
    expect(sameAssessment(maths, { ...maths, exam_date: '2026-03-02' })).toBe(false);
    expect(sameAssessment(maths, { ...maths, subject: 'Science' })).toBe(false);
  });

  it('for discipline: the same subject on the same date, whatever term was sent', () => {
    const conduct = { result_type: 'discipline', subject: 'Conduct', term: null, exam_date: '2026-03-01' };
    expect(sameAssessment(conduct, { ...conduct, term: 'First Term' })).toBe(true);
    expect(sameAssessment(conduct, { ...conduct, exam_date: '2026-04-01' })).toBe(false);
  });
});
