import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/accessibility.ts';
import { signIn, signOut } from './support/browser.ts';
import { apiCall } from './support/api.ts';
import { setUpBrowserApp } from './support/fixture.ts';

/**
 * Need to know: a Teacher opens a child and finds the identity numbers, the health and the donor
 * marked "Hidden" (the server never sent them); a Manager sees them, and sees the Teacher's visit
 * in "Who viewed this record". The administrator only sets the scene through the API.
 */

const app = setUpBrowserApp({ pagePer: 'file', signedIn: true });

const suffix = Date.now().toString(36);
const TEACHER = { name: 'Mina Teacher', email: `ntk.teacher.${suffix}@e2e.test`, password: 'Teacher-password-1' };
const MANAGER = { name: 'Jawid Manager', email: `ntk.manager.${suffix}@e2e.test`, password: 'Manager-password-1' };
const CHILD = {
  first_name: 'Parwana', last_name: 'Sultani', gender: 'female', dob: '2013-06-11', admission_date: '2021-04-01',
  identity_card_number: '1400-0101-77821', medical_condition: 'Needs Attention', donor_name: 'Helga', donor_last_name: 'Lindqvist',
};
let childId = 0;

/** The value beside a label on one of the details page's cards. */
const valueOf = (card: string, label: string) =>
  app.page.getByRole('region', { name: card }).locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

describe('need to know on the child\'s page', () => {
  it('the administrator creates a Teacher, a Manager and a child', async () => {
    for (const [user, role] of [[TEACHER, 'Teacher'], [MANAGER, 'Manager']] as const) {
      await apiCall(app.page, 'POST', '/api/users', { ...user, password_confirmation: user.password, roles: [role], all_sites: true });
    }
    childId = (await apiCall<{ data: { id: number } }>(app.page, 'POST', '/api/orphans', CHILD)).data.id;
    await signOut(app.page);
  });

  it('a Teacher sees "Hidden" on the identity, health and donor details, and none of their values', { timeout: 120_000 }, async () => {
    await signIn(app.page, TEACHER.email, TEACHER.password);
    await app.page.goto(`/dashboard/orphans/${childId}`);
    await app.page.getByText('Parwana').first().waitFor();
    await expect.poll(() => valueOf('Basic Information', 'Identity Card Number').textContent()).toBe('Hidden');
    expect(await valueOf('Personal Information', 'Medical Condition').textContent()).toBe('Hidden');
    expect(await valueOf('Donor Information', 'Donor First Name').textContent()).toBe('Hidden');
    const page = await app.page.content();
    for (const value of [CHILD.identity_card_number, CHILD.donor_name, CHILD.donor_last_name, 'Needs Attention']) expect(page.includes(value), value).toBe(false);
    expect(await accessibilityViolations(app.page)).toEqual([]);
    await signOut(app.page);
  });

  it('a Manager sees them, and the Teacher\'s visit in "Who viewed this record"', { timeout: 120_000 }, async () => {
    await signIn(app.page, MANAGER.email, MANAGER.password);
    await app.page.goto(`/dashboard/orphans/${childId}`);
    await expect.poll(() => valueOf('Basic Information', 'Identity Card Number').textContent()).toBe(CHILD.identity_card_number);
    expect(await valueOf('Personal Information', 'Medical Condition').textContent()).toBe('Needs Attention');
    expect(await valueOf('Donor Information', 'Donor First Name').textContent()).toBe(CHILD.donor_name);
    expect(await app.page.getByTestId('hidden-mark').count()).toBe(0);
    const card = app.page.getByRole('region', { name: 'Who viewed this record' });
    await card.getByText(TEACHER.name).waitFor();
  });
});
