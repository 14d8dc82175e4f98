import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrphanDetails } from '@app/shared/schemas/orphan.schema';
import { makeUser, renderWithProviders, storeSession, stubServer } from '../../../test/render.tsx';
import { OrphanDetailsCards } from './orphan-details-cards.tsx';

afterEach(() => vi.unstubAllGlobals());

/** A child as a reader without the identity, medical and donor classes gets it: those fields absent. */
const child: OrphanDetails = {
  id: 9, site_id: 1, site_name: 'Kabul Home', first_name: 'Laila', last_name: 'Noori', father_name: 'Rahim', grandfather_name: null,
  dob: '2014-02-02', gender: 'female', class_grade: '4', phone_number: null, family_contact_number: null, contact_info: null, address: null,
  guardian_name: null, guardian_contact: null, guardian_relationship: null, responsible_person: null, admission_date: '2020-01-01', status: 'active',
  total_income: null, total_expenses: null, income_source: null, notes: null, profile: { hobbies: 'Drawing', talents: null },
  profile_photo_url: null, profile_photo_thumb_url: null, created_at: '2024-01-01', updated_at: '2024-01-01', deleted_at: null,
  hidden_classes: ['identity', 'medical', 'donor'],
};

const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('OrphanDetailsCards', () => {
  it('marks a hidden class\'s fields "Hidden", and leaves an empty field of a shown class a dash', () => {
    const user = makeUser({ permissionNames: ['view-orphans'] });
    storeSession(user);
    stubServer(user);
    renderWithProviders(<OrphanDetailsCards orphan={child} />);
    for (const label of ['Identity Card Number', 'School ID Number', 'Medical Condition', 'Blood Group', 'Special Needs', 'Donor First Name', 'Donor Email']) {
      expect(within(valueOf(label)).getByText('Hidden'), label).toBeTruthy();
    }
    expect(valueOf('Phone Number').textContent).toBe('-');
    expect(valueOf("Father's Name").textContent).toBe('Rahim');
    expect(within(valueOf('Hobbies')).queryByText('Hidden')).toBeNull();
  });
});
