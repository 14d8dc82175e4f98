import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Orphan } from '@app/shared/schemas/orphan.schema';
import { ApiError } from '../../../lib/api-client.ts';
import { jsonResponse, makeUser, renderWithProviders, storeSession, stubServer } from '../../../test/render.tsx';
import { OrphanForm, type OrphanFormSubmission } from './orphan-form.tsx';

afterEach(() => vi.unstubAllGlobals());

/** Whoever fills the form may write every class of the child's fields, unless a test says otherwise. */
const editor = makeUser({ roleNames: ['Super Admin'] });

function renderForm(props: Partial<Parameters<typeof OrphanForm>[0]> = {}, user = editor) {
  storeSession(user);
  stubServer(user);
  const onSubmit = props.onSubmit ?? vi.fn(async () => {});
  const onCancel = props.onCancel ?? vi.fn();
  renderWithProviders(<OrphanForm {...props} onSubmit={onSubmit} onCancel={onCancel} />);
  return { onSubmit, onCancel };
}

/** The control a visible label belongs to (labels carry a '*' when required). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`));

/** A date field: its label names the group of segments (and each segment). */
const dateGroup = (label: string) => screen.getByRole('group', { name: new RegExp(`^${label}\\s*\\*?$`) });

/** Type a date into a date field from the keyboard, as its segments read (month, day, year in English). */
async function typeDate(user: ReturnType<typeof userEvent.setup>, label: string, digits: string) {
  await user.click(within(dateGroup(label)).getAllByRole('spinbutton')[0]!);
  await user.keyboard(digits);
}

/** What a date field shows, segment by segment. */
const dateShown = (label: string) =>
  within(dateGroup(label))
    .getAllByRole('spinbutton')
    .map((segment) => segment.textContent)
    .join('/');

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('First Name'), 'Maryam');
  await user.type(field('Last Name'), 'Ahmadi');
  await typeDate(user, 'Date of Birth', '04022015');
  await user.selectOptions(field('Gender'), 'female');
  await typeDate(user, 'Admission Date', '09012023');
}

const stored: Orphan = {
  id: 7,
  site_id: 1,
  site_name: 'Kabul Home',
  first_name: 'Ahmad',
  last_name: 'Karimi',
  father_name: 'Mahmood',
  grandfather_name: null,
  school_id_number: 'S-12',
  identity_card_number: null,
  dob: '2014-01-20T00:00:00.000Z',
  gender: 'male',
  blood_group: 'O+',
  class_grade: '0',
  phone_number: null,
  family_contact_number: null,
  contact_info: null,
  address: 'Kabul',
  guardian_name: null,
  guardian_contact: null,
  guardian_relationship: null,
  responsible_person: null,
  admission_date: '2022-03-05 10:30:00',
  status: 'graduated',
  medical_condition: 'Minor Issues',
  total_income: '1250.00',
  total_expenses: null,
  income_source: null,
  donor_name: null,
  donor_last_name: null,
  donor_email: null,
  donor_address: null,
  notes: null,
  profile: { hobbies: 'Football', talents: null, special_needs: null },
  profile_photo_url: '/storage/photo.jpg?signature=x',
  profile_photo_thumb_url: null,
  created_at: '2022-03-05T10:30:00Z',
  updated_at: '2022-03-05T10:30:00Z',
  deleted_at: null,
};

describe('<OrphanForm>', { timeout: 30_000 }, () => {
  it('starts with status active and medical condition Healthy', () => {
    renderForm();
    expect((field('Status') as HTMLSelectElement).value).toBe('active');
    expect((field('Medical Condition') as HTMLSelectElement).value).toBe('Healthy');
    // Amounts take cents: typed as decimals, in the reader's digits (a text field; a native number input shows Latin digits only).
    expect(field('Total Income').getAttribute('inputmode')).toBe('decimal');
    expect((screen.getByLabelText('Profile Photo') as HTMLInputElement).accept).toBe('image/*');
  });

  it("shows the shared schema's messages and does not submit", async () => {
    const user = userEvent.setup({ delay: null });
    const { onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Orphan' }));
    for (const text of ['First name is required', 'Last name is required', 'Date of birth is required', 'Gender is required', 'Admission date is required']) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field('First Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('puts focus on the first refused field in the order of the form', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Orphan' }));
    await screen.findByText('First name is required');
    await waitFor(() => expect(document.activeElement).toBe(field('First Name')));
  });

  it('puts focus on the first refused field when the first ones are right', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.type(field('First Name'), 'Maryam');
    await user.type(field('Last Name'), 'Ahmadi');
    await user.click(screen.getByRole('button', { name: 'Add Orphan' }));
    await screen.findByText('Gender is required');
    // The date of birth comes before Gender: its first segment takes the focus.
    await waitFor(() => expect(within(dateGroup('Date of Birth')).getAllByRole('spinbutton')).toContain(document.activeElement));
  });

  it('refuses markup in a text field before sending, as the server would', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSubmit } = renderForm();
    await fillRequired(user);
    await user.clear(field('Last Name'));
    await user.type(field('Last Name'), '<b>Ahmadi</b>');
    await user.type(field('Notes'), 'income < 5000');
    await user.click(screen.getByRole('button', { name: 'Add Orphan' }));
    expect(await screen.findByText('The last name may not contain HTML.')).toBeTruthy();
    expect(screen.queryByText('The notes may not contain HTML.')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the parsed values, shows Saving... meanwhile, and resets after a create', async () => {
    const user = userEvent.setup({ delay: null });
    let finish!: () => void;
    const onSubmit = vi.fn((_: OrphanFormSubmission) => new Promise<void>((resolve) => (finish = resolve)));
    renderForm({ onSubmit });
    await fillRequired(user);
    await user.type(field('Total Income'), '1250.5');
    await user.type(field('Hobbies'), 'Drawing');
    await user.click(screen.getByRole('button', { name: 'Add Orphan' }));

    const saving = await screen.findByRole('button', { name: 'Saving...' });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);

    const submission = onSubmit.mock.calls[0]![0];
    expect(submission.values).toMatchObject({
      first_name: 'Maryam',
      last_name: 'Ahmadi',
      dob: '2015-04-02',
      gender: 'female',
      admission_date: '2023-09-01',
      status: 'active',
      medical_condition: 'Healthy',
      total_income: '1250.50',
      profile: { hobbies: 'Drawing' },
    });
    expect(submission.values.father_name).toBeUndefined();
    expect(submission.photo).toBeNull();

    await act(async () => finish());
    await waitFor(() => expect((field('First Name') as HTMLInputElement).value).toBe(''));
    expect(screen.getByRole('button', { name: 'Add Orphan' })).toBeTruthy();
  });

  it('has no input for a class the user may not edit, and sends none of its fields', async () => {
    const user = userEvent.setup({ delay: null });
    const clerk = makeUser({ permissionNames: ['view-orphans', 'create-orphans', 'edit-orphans', 'edit-identity', 'edit-contact'] });
    const onSubmit = vi.fn(async (_: OrphanFormSubmission) => {});
    renderForm({ onSubmit }, clerk);
    await fillRequired(user);
    await user.type(field('Identity Card Number'), '1400-0101');
    for (const label of ['Medical Condition', 'Blood Group', 'Notes', 'Total Income', 'Donor First Name', 'Guardian Name', "Father's Name", 'Special Needs']) {
      expect(screen.queryByLabelText(new RegExp(`^${label}\\s*\\*?$`)), label).toBeNull();
    }
    expect(screen.queryByText('Donor Information')).toBeNull();
    expect(screen.getAllByText('Contact Information').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Add Orphan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = onSubmit.mock.calls[0]![0].values;
    expect(sent.identity_card_number).toBe('1400-0101');
    for (const name of ['medical_condition', 'blood_group', 'notes', 'total_income', 'donor_name', 'guardian_name', 'father_name']) expect(name in sent, name).toBe(false);
  });

  it('refuses an admission date before the date of birth on the admission field, as the server would', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSubmit } = renderForm();
    await fillRequired(user);
    await typeDate(user, 'Admission Date', '04012015');
    await user.click(screen.getByRole('button', { name: 'Add Orphan' }));
    expect(await screen.findByText('The admission date cannot be before the date of birth.')).toBeTruthy();
    expect(within(dateGroup('Admission Date')).getAllByRole('spinbutton')[0]!.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('warns before saving a likely duplicate, links to it, and saves only when asked to save anyway', async () => {
    const user = userEvent.setup({ delay: null });
    const asked: string[] = [];
    storeSession(editor);
    const fetchMock = stubServer(editor, (url) => {
      if (!url.startsWith('/api/orphans/possible-duplicates')) return undefined;
      asked.push(url);
      return jsonResponse({ data: [{ id: 41, first_name: 'Maryam', last_name: 'Ahmadi', father_name: null, dob: '2015-04-02' }] });
    });
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(<OrphanForm onSubmit={onSubmit} onCancel={vi.fn()} />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Add Orphan' }));

    expect(await screen.findByText('This child may already be recorded')).toBeTruthy();
    const link = screen.getByRole('link', { name: /Maryam Ahmadi \(ID 41\)/ });
    expect(link.getAttribute('href')).toBe('/dashboard/orphans/41');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(new URL(asked[0]!, 'http://x').searchParams.get('first_name')).toBe('Maryam');
    expect(onSubmit).not.toHaveBeenCalled();
    // Saving again with the same child warns again; only "Save anyway" saves.
    await user.click(screen.getByRole('button', { name: 'Add Orphan' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('This child may already be recorded')).toBeNull();
    expect(fetchMock).toHaveBeenCalled();
  });

  it('saves at once when the server names no duplicate, and does not ask when an edit keeps the child\'s names and birth date', async () => {
    const user = userEvent.setup({ delay: null });
    const asked: string[] = [];
    storeSession(editor);
    stubServer(editor, (url) => (url.startsWith('/api/orphans/possible-duplicates') ? (asked.push(url), jsonResponse({ data: [] })) : undefined));
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(<OrphanForm orphan={stored} onSubmit={onSubmit} onCancel={vi.fn()} />);
    await user.type(field('Notes'), 'Moved to grade 1');
    await user.click(screen.getByRole('button', { name: 'Update Orphan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(asked).toEqual([]);
    await user.type(field('First Name'), 'a');
    await user.click(screen.getByRole('button', { name: 'Update Orphan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(new URL(asked[0]!, 'http://x').searchParams.get('except')).toBe('7');
  });

  it('puts the first server message of each field on that field', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async () => {
      throw new ApiError({
        status: 422,
        message: 'The given data was invalid.',
        errors: {
          first_name: ['The first name may not be greater than 100 characters.', 'second message'],
          'profile.hobbies': ['The hobbies may not be greater than 2000 characters.'],
          profile_photo: ['The profile photo must be an image.'],
          last_name: [],
        },
      });
    });
    renderForm({ onSubmit });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Add Orphan' }));

    expect(await screen.findByText('The first name may not be greater than 100 characters.')).toBeTruthy();
    expect(screen.queryByText('second message')).toBeNull();
    expect(screen.getByText('The hobbies may not be greater than 2000 characters.')).toBeTruthy();
    expect(screen.getByText('The profile photo must be an image.')).toBeTruthy();
    expect(field('First Name').getAttribute('aria-invalid')).toBe('true');
    // The saving state is over and the values are kept for correction.
    expect((screen.getByRole('button', { name: 'Add Orphan' }) as HTMLButtonElement).disabled).toBe(false);
    expect((field('First Name') as HTMLInputElement).value).toBe('Maryam');
  });

  it('refuses a file that is not an image', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderForm();
    await user.upload(screen.getByLabelText('Profile Photo'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('The profile photo must be an image.')).toBeTruthy();
  });

  it('fills the form from a stored orphan, cutting times off dates, and can remove the photo', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async (_: OrphanFormSubmission) => {});
    renderForm({ orphan: stored, onSubmit });
    expect((field('First Name') as HTMLInputElement).value).toBe('Ahmad');
    expect(dateShown('Date of Birth')).toBe('1/20/2014');
    expect(dateShown('Admission Date')).toBe('3/5/2022');
    expect((field('Class / Grade') as HTMLSelectElement).value).toBe('0');
    expect(within(field('Class / Grade') as HTMLElement).getByRole('option', { name: 'PREP' })).toBeTruthy();
    expect((field('Status') as HTMLSelectElement).value).toBe('graduated');
    expect((field('Hobbies') as HTMLTextAreaElement).value).toBe('Football');
    expect(screen.getByRole('img', { name: 'Current photo' })).toBeTruthy();

    await user.clear(field('Address'));
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.getByText('The photo will be removed when you save.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Update Orphan' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const submission = onSubmit.mock.calls[0]![0];
    expect(submission.removePhoto).toBe(true);
    // On update a cleared field is sent as null so the server clears it.
    expect(submission.values.address).toBeNull();
    expect(submission.values.first_name).toBe('Ahmad');
    expect(submission.values.total_income).toBe('1250.00');
  });

  it('sends the updated_at it was filled from, even after a background refetch brings a newer one', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async (_: OrphanFormSubmission) => {});
    const newer: Orphan = { ...stored, first_name: 'Changed elsewhere', updated_at: '2030-01-01T00:00:00.000Z' };
    function Page() {
      const [orphan, setOrphan] = useState(stored);
      return (
        <>
          <button type="button" onClick={() => setOrphan(newer)}>
            Refetch
          </button>
          <OrphanForm orphan={orphan} onSubmit={onSubmit} onCancel={() => {}} />
        </>
      );
    }
    storeSession(editor);
    stubServer(editor);
    renderWithProviders(<Page />);
    await user.click(screen.getByRole('button', { name: 'Refetch' }));
    await user.click(screen.getByRole('button', { name: 'Update Orphan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const submission = onSubmit.mock.calls[0]![0];
    expect(submission.values.first_name).toBe('Ahmad');
    expect(submission.updatedAt).toBe(stored.updated_at);
  });

  it('shows a refused save beside the buttons, keeping what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    const message = 'Someone else saved this orphan after you opened it. Reload the page to see their changes, then make yours again.';
    const onSubmit = vi.fn(async () => {
      throw new ApiError({ status: 409, message });
    });
    renderForm({ orphan: stored, onSubmit });
    await user.clear(field('Address'));
    await user.type(field('Address'), 'District 3, Kabul');
    await user.click(screen.getByRole('button', { name: 'Update Orphan' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`The orphan could not be saved: ${message}`);
    // The notice sits just before the buttons, where the eyes are after saving.
    expect(alert.nextElementSibling?.contains(screen.getByRole('button', { name: 'Update Orphan' }))).toBe(true);
    expect((field('Address') as HTMLTextAreaElement).value).toBe('District 3, Kabul');
  });

  it('cancels back to the caller', async () => {
    const user = userEvent.setup({ delay: null });
    const { onCancel } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
