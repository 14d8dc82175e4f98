import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './support/accessibility.ts';
import { signIn, signOut } from './support/browser.ts';
import { apiCall } from './support/api.ts';
import { setUpBrowserApp } from './support/fixture.ts';

/**
 * Who looked at a child's record: a Teacher opens a child; a Manager sees that visit in "Who
 * viewed this record" on the child's page and on the Access log screen. The administrator only
 * sets the scene through the API.
 */

const app = setUpBrowserApp({ pagePer: 'file', signedIn: true });

const suffix = Date.now().toString(36);
const TEACHER = { name: 'Nadia Teacher', email: `teacher.${suffix}@e2e.test`, password: 'Teacher-password-1' };
const MANAGER = { name: 'Farid Manager', email: `manager.${suffix}@e2e.test`, password: 'Manager-password-1' };
const CHILD = { first_name: 'Soraya', last_name: 'Hamidi', father_name: 'Hamid', gender: 'female', dob: '2014-03-21', admission_date: '2021-03-01' };
let childId = 0;

describe('who viewed a child\'s record', () => {
  it('the administrator creates a Teacher, a Manager and a child', async () => {
    for (const [user, role] of [[TEACHER, 'Teacher'], [MANAGER, 'Manager']] as const) {
      // Both reach every site's children, as the child's record is on the first one.
      await apiCall(app.page, 'POST', '/api/users', { ...user, password_confirmation: user.password, roles: [role], all_sites: true });
    }
    childId = (await apiCall<{ data: { id: number } }>(app.page, 'POST', '/api/orphans', CHILD)).data.id;
    await signOut(app.page);
  });

  it('a Teacher opens the child, and sees no "Who viewed" card', { timeout: 120_000 }, async () => {
    await signIn(app.page, TEACHER.email, TEACHER.password);
    await app.page.goto(`/dashboard/orphans/${childId}`);
    await app.page.getByRole('button', { name: 'Progress report' }).waitFor();
    await app.page.getByText('Soraya').first().waitFor();
    expect(await app.page.getByRole('heading', { name: 'Who viewed this record' }).count()).toBe(0);
    await signOut(app.page);
  });

  it('a Manager sees the Teacher\'s visit on the child\'s page and in the Access log', { timeout: 120_000 }, async () => {
    await signIn(app.page, MANAGER.email, MANAGER.password);
    await app.page.goto(`/dashboard/orphans/${childId}`);
    const card = app.page.getByRole('region', { name: 'Who viewed this record' });
    await card.getByText(TEACHER.name).waitFor();
    expect(await card.getByText('Opened the record').count()).toBeGreaterThanOrEqual(1);
    expect(await accessibilityViolations(app.page)).toEqual([]);

    await card.getByRole('link', { name: 'All in the Access log' }).click();
    await app.page.waitForURL((url) => url.pathname === '/dashboard/access-log' && url.searchParams.get('orphan_id') === String(childId));
    await app.page.getByRole('cell', { name: TEACHER.name }).first().waitFor();
    expect(await accessibilityViolations(app.page)).toEqual([]);
  });
});
