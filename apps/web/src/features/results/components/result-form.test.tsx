import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Result } from '@app/shared/schemas/result.schema';
import { jsonResponse, renderWithProviders, stubServer } from '../../../test/render.tsx';
import { ResultForm, type ResultFormSubmission } from './result-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const CHILDREN = [
  { id: 3, first_name: 'Amina', last_name: 'Rahimi', father_name: 'Karim', class_grade: '4' },
  { id: 4, first_name: 'Bilal', last_name: 'Noori', father_name: null, class_grade: null },
];

function renderForm(result?: Result) {
  stubServer(null, (url) => (url.startsWith('/api/orphans?') ? jsonResponse({ data: { data: CHILDREN } }) : undefined));
  const onSubmit = vi.fn(async (_s: ResultFormSubmission) => {});
  renderWithProviders(<ResultForm result={result} onSubmit={onSubmit} onCancel={vi.fn()} />);
  return { onSubmit, user: userEvent.setup({ delay: null }) };
}

/** The control a visible label belongs to (required labels carry a '*'). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*\\*?$`));
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add Result' }));

async function fillEducation(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: 'Amina Rahimi (Karim) · Grade 4 · ID 3' });
  await user.selectOptions(field('Orphan'), '3');
  await user.type(field('Subject'), 'Mathematics');
  // Typed segment by segment, as a keyboard user does (month, day, year for an English Gregorian reader).
  await user.click(within(screen.getByRole('group', { name: /^Exam Date/ })).getAllByRole('spinbutton')[0]!);
  await user.keyboard('05202025');
  await user.selectOptions(field('Term'), 'First Term');
  await user.type(field('Total Marks'), '100');
  await user.type(field('Average'), '81');
  await user.type(field('Score'), '86');
}

describe('<ResultForm>', { timeout: 30_000 }, () => {
  it('starts as an education result of the current year', () => {
    renderForm();
    expect((field('Result Type') as HTMLSelectElement).value).toBe('education');
    expect((field('Year') as HTMLSelectElement).value).toBe(String(new Date().getFullYear()));
  });

  it("shows the shared schema's messages and sends nothing", async () => {
    const { onSubmit } = renderForm();
    submit();
    for (const text of ['Orphan is required', 'Exam date is required', 'Subject is required', 'Term is required', 'Total is required', 'Average is required', 'Score is required']) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a score above the total and an average above 100', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(field('Total Marks'), '50');
    await user.type(field('Score'), '60');
    await user.type(field('Average'), '101');
    submit();
    expect(await screen.findByText('Score cannot exceed total marks (50)')).toBeTruthy();
    expect(screen.getByText('Average cannot exceed 100')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('derives the education grade from the score as a percentage of the total marks, as it is typed', async () => {
    const { user } = renderForm();
    const grade = field('Grade') as HTMLInputElement;
    expect(grade.value).toBe('');
    await user.type(field('Score'), '72');
    // No total yet: no percentage, no grade.
    expect(grade.value).toBe('');
    await user.type(field('Total Marks'), '80');
    // 72 of 80 is 90 %: an A+, not the B of a raw 72.
    expect(grade.value).toBe('A+');
    await user.clear(field('Score'));
    await user.type(field('Score'), '39.5');
    expect(grade.value).toBe('F');
    await user.clear(field('Total Marks'));
    await user.type(field('Total Marks'), '50');
    await user.clear(field('Score'));
    await user.type(field('Score'), '45');
    expect(grade.value).toBe('A+');
    await user.clear(field('Total Marks'));
    await user.type(field('Total Marks'), '100');
    expect(grade.value).toBe('F');
  });

  it('sends an education result with the derived grade and the father filled from the child', async () => {
    const { onSubmit, user } = renderForm();
    await fillEducation(user);
    expect((field("Father's Name") as HTMLInputElement).value).toBe('Karim');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].values).toMatchObject({ orphan_id: 3, result_type: 'education', total: 100, average: 81, score: 86, grade: 'A', term: 'First Term' });
  });

  it('clears the messages when the type changes, and shows only that type’s fields', async () => {
    const { user } = renderForm();
    submit();
    await screen.findByText('Total is required');
    await user.selectOptions(field('Result Type'), 'discipline');
    expect(screen.queryByText('Total is required')).toBeNull();
    expect(screen.queryByText('Orphan is required')).toBeNull();
    expect(screen.queryByLabelText(/^Total Marks/)).toBeNull();
    expect(field('Ethics (out of 10)')).toBeTruthy();
  });

  it('drops the fields of the type left behind', async () => {
    const { onSubmit, user } = renderForm();
    await fillEducation(user);
    await user.selectOptions(field('Result Type'), 'discipline');
    await user.type(field('Ethics (out of 10)'), '9');
    // The score is a field both types keep: what was typed stays.
    expect((field('Overall Score (out of 100)') as HTMLInputElement).value).toBe('86');
    await user.clear(field('Overall Score (out of 100)'));
    await user.type(field('Overall Score (out of 100)'), '88');
    await user.selectOptions(field('Grade'), 'A');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const sent = onSubmit.mock.calls[0]![0].values;
    expect(sent).toMatchObject({ result_type: 'discipline', ethics_score: 9, score: 88, grade: 'A', subject: 'Mathematics' });
    for (const foreign of ['total', 'average', 'term', 'course_type']) expect(sent).not.toHaveProperty(foreign);
  });

  it('keeps discipline sub-scores between 0 and 10', async () => {
    const { user } = renderForm();
    await user.selectOptions(field('Result Type'), 'discipline');
    await user.type(field('Uniform (out of 10)'), '11');
    submit();
    expect(await screen.findByText('Score must be between 0 and 10')).toBeTruthy();
    expect(screen.getByText('Grade is required')).toBeTruthy();
  });

  it('locks the orphan when editing and sends the version it read', async () => {
    const stored: Result = {
      id: 12, orphan_id: 3, father_name: 'Karim', orphan_name: 'Amina Rahimi', result_type: 'course', subject: 'English', term: 'Final',
      exam_date: '2024-06-01', year: 2019, grade: 'B', assessed_by: null, comments: 'Good', total: 50, average: null, score: 36, percent: 72,
      ethics_score: null, uniform_score: null, relationship_score: null, course_type: 'Language', created_at: '2024-06-01T10:00:00Z', updated_at: '2024-06-02T10:00:00Z',
    };
    const { onSubmit, user } = renderForm(stored);
    const orphan = field('Orphan') as HTMLInputElement;
    expect(orphan.tagName).toBe('INPUT');
    expect(orphan.readOnly).toBe(true);
    expect(orphan.value).toBe('Amina Rahimi');
    // A stored year older than the offered five stays selectable.
    expect((field('Year') as HTMLSelectElement).value).toBe('2019');
    await user.clear(field('Score'));
    await user.type(field('Score'), '40');
    fireEvent.click(screen.getByRole('button', { name: 'Update Result' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ values: { orphan_id: 3, score: 40, comments: 'Good', course_type: 'Language' }, updatedAt: '2024-06-02T10:00:00Z' });
  });
});
