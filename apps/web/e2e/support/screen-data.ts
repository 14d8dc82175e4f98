import type { Page } from 'playwright-core';
import { apiCall } from './api.ts';
import { jpegPhoto } from './photo.ts';

/** What the seeded scene holds: the records whose screens take an id. */
export interface ScreenData {
  orphanId: number;
  resultId: number;
  attendanceId: number;
  /** The child's name as lists show it. */
  orphanName: string;
  /**
   * The value of each dashboard route's parameter, by `<first segment>/:<parameter>` as
   * fillRoute reads it: the scans open every route of the router with these, so a new screen with
   * a parameter gets its record created here and its entry here, and fillRoute names what is missing.
   */
  routeParams: Record<string, string>;
}

/**
 * Records on every list so the scanned and measured screens are not empty: two children (one
 * with a Latin name and notes, one with a Dari name, so right-to-left screens mix both), an
 * education result, a month's attendance, a contact message and a user, and, with `photo`, one
 * photo uploaded through the gallery's upload page (files only arrive through it). The page must
 * be signed in as an administrator.
 */
export async function seedScreenData(page: Page, { photo = false } = {}): Promise<ScreenData> {
  const suffix = Date.now().toString(36);
  const child = await apiCall<{ data: { id: number } }>(page, 'POST', '/api/orphans', {
    first_name: `Maryam${suffix}`,
    last_name: 'Ahmadi',
    father_name: 'Karim',
    dob: '2014-03-21',
    gender: 'female',
    class_grade: '4',
    admission_date: '2022-09-01',
    status: 'active',
    notes: 'Likes drawing; reads Dari and English.',
  });
  await apiCall(page, 'POST', '/api/orphans', {
    first_name: 'زینب',
    last_name: 'کریمی',
    father_name: 'نصیر',
    dob: '2012-07-02',
    gender: 'female',
    class_grade: '6',
    admission_date: '2021-03-21',
    status: 'active',
  });
  const orphanId = child.data.id;
  const result = await apiCall<{ data: { id: number } }>(page, 'POST', '/api/results', {
    orphan_id: orphanId,
    result_type: 'education',
    subject: 'Mathematics',
    term: 'First Term',
    exam_date: '2025-05-10',
    year: 2025,
    total: 100,
    average: 78,
    score: 84,
  });
  const attendance = await apiCall<{ data: { id: number } }>(page, 'POST', '/api/attendances', {
    orphan_id: orphanId,
    month: 2,
    year: 2025,
    present_days: 18,
    absent_days: 2,
    late_days: 1,
    excused_days: 1,
    absence_reasons: 'Fever',
  });
  await apiCall(page, 'POST', '/api/contacts', {
    name: 'Farid Noori',
    email: 'farid@example.org',
    subject: 'Volunteering',
    message: 'I would like to help at the school on Saturdays.',
  });
  await apiCall(page, 'POST', '/api/users', {
    name: 'Hamida Rahimi',
    email: `hamida.${suffix}@e2e.test`,
    password: 'Manager-password-1',
    password_confirmation: 'Manager-password-1',
    roles: ['Manager'],
  });
  if (photo) await uploadPhoto(page, orphanId);
  const ids = { orphanId, resultId: result.data.id, attendanceId: attendance.data.id };
  return {
    ...ids,
    orphanName: `Maryam${suffix} Ahmadi`,
    routeParams: { 'orphans/:id': String(ids.orphanId), 'results/:id': String(ids.resultId), 'attendance/:id': String(ids.attendanceId) },
  };
}

/** One photo through the upload page, as staff add them (resumable upload, then the gallery). */
async function uploadPhoto(page: Page, orphanId: number): Promise<void> {
  await page.goto(`/dashboard/gallery/upload?orphan_id=${orphanId}`);
  await page.getByRole('heading', { name: 'Upload New Media' }).waitFor();
  await page.getByLabel('Media Type').selectOption({ label: 'Image' });
  await page.getByLabel('Title').fill('School visit');
  await page.getByLabel('Files').setInputFiles(await jpegPhoto('school-visit.jpg', 640, 480, { r: 40, g: 120, b: 160 }));
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/gallery' && url.searchParams.get('orphan_id') === String(orphanId), { timeout: 60_000 });
  await page.getByRole('heading', { name: 'School visit', exact: true }).waitFor();
}
