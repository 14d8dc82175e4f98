import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, call, capturingMailer, describeEachDatabase, loginAdmin, startServer, userWithRoles, type TestServer } from '../../test/harness.ts';

const DARI = { 'Accept-Language': 'fa-AF,fa;q=0.9,en;q=0.5' };
const PASHTO = { 'Accept-Language': 'ps-AF' };
const ENGLISH = { 'Accept-Language': 'en-GB,en;q=0.9' };

/** Mail goes out after the answer (password-reset.service.ts): wait for the count-th rather than a fixed time. */
async function nextMail(mailer: ReturnType<typeof capturingMailer>, count: number) {
  for (let i = 0; i < 200 && mailer.sent.length < count; i++) await new Promise((r) => setTimeout(r, 10));
  return mailer.sent[count - 1];
}

describeEachDatabase('answers in the request language', (server) => {
  let admin: string;
  beforeAll(async () => {
    admin = await loginAdmin(server());
  });

  it('a 422 in Dari: the message and every field error; the code stays', async () => {
    const res = await call(server(), 'POST', '/api/auth/register', { body: {}, headers: DARI });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors.name).toEqual(['نام ضروری است']);
    expect(res.body.errors.email).toEqual(['ایمیل ضروری است']);
    expect(res.body.errors.password).toEqual(['رمز عبور ضروری است']);
    expect(res.body.errors.password_confirmation).toEqual(['لطفاً رمز عبور خود را تأیید کنید']);
    expect(Object.values(res.body.errors).flat()).toContain(res.body.message);
  });

  it('a 422 in Pashto, and in English for en or no header', async () => {
    const body = { name: 'Ali', email: 'not-an-address', password: 'short', password_confirmation: 'other' };
    const pashto = await call(server(), 'POST', '/api/auth/register', { body, headers: PASHTO });
    expect(pashto.status).toBe(422);
    expect(pashto.body.errors.email).toEqual(['مهرباني وکړئ سم برېښنالیک ولیکئ']);
    expect(pashto.body.errors.password).toEqual(['پټنوم باید لږ تر لږه ۸ توري وي']);
    for (const headers of [ENGLISH, {}]) {
      const english = await call(server(), 'POST', '/api/auth/register', { body, headers });
      expect(english.status).toBe(422);
      expect(english.body.errors.email).toEqual(['Please enter a valid email']);
      expect(english.body.errors.password).toEqual(['Password must be at least 8 characters']);
    }
  });

  it("a field's label inside a composed message, and a service's 422 (not the schema's)", async () => {
    const res = await call(server(), 'POST', '/api/orphans', { token: admin, body: { first_name: 'Maryam', last_name: 'Ahmadi', father_name: '<b>x</b>' }, headers: DARI });
    expect(res.status).toBe(422);
    expect(res.body.errors.father_name).toEqual(['نام پدر نباید HTML داشته باشد.']);
    expect(res.body.errors.dob).toEqual(['تاریخ تولد ضروری است']);

    const login = await call(server(), 'POST', '/api/auth/login', { body: { email: ADMIN.email, password: 'wrong-password' }, headers: PASHTO });
    expect(login.status).toBe(422);
    expect(login.body.code).toBe('invalid_credentials');
    expect(login.body.message).toBe('دا برېښنالیک او پټنوم زموږ له معلوماتو سره سمون نه لري.');
    expect(login.body.errors.email).toEqual([login.body.message]);
  });

  it('401, 403 and 404 in the request language', async () => {
    const unauthenticated = await call(server(), 'GET', '/api/auth/user', { headers: DARI });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.body).toEqual({ message: 'وارد سیستم نشده‌اید.', code: 'unauthenticated' });

    const nobody = await userWithRoles(server(), []);
    const forbidden = await call(server(), 'GET', '/api/users', { token: nobody.token, headers: PASHTO });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: 'تاسو د دې کار اجازه نه لرئ.', code: 'forbidden' });

    const noOrphan = await call(server(), 'GET', '/api/orphans/999999', { token: admin, headers: DARI });
    expect(noOrphan.status).toBe(404);
    expect(noOrphan.body).toEqual({ message: 'یتیم پیدا نشد.', code: 'not_found' });

    const noRoute = await call(server(), 'GET', '/api/no-such-thing', { headers: PASHTO });
    expect(noRoute.status).toBe(404);
    expect(noRoute.body).toEqual({ message: 'ونه موندل شو.', code: 'not_found' });

    const english = await call(server(), 'GET', '/api/auth/user');
    expect(english.body).toEqual({ message: 'Unauthenticated.', code: 'unauthenticated' });
  });

  it("a signed-in user's stored language wins over Accept-Language", async () => {
    const u = await userWithRoles(server(), []);
    const saved = await call(server(), 'PUT', '/api/profile', { token: u.token, body: { name: 'Zahra', email: u.email, locale: 'ps-AF' } });
    expect(saved.status).toBe(200);
    const forbidden = await call(server(), 'GET', '/api/users', { token: u.token, headers: ENGLISH });
    expect(forbidden.body).toEqual({ message: 'تاسو د دې کار اجازه نه لرئ.', code: 'forbidden' });
    const renamed = await call(server(), 'PUT', '/api/profile', { token: u.token, body: { name: 'Zahra Noori', email: u.email }, headers: DARI });
    expect(renamed.body.message).toBe('پروفایل په بریالیتوب سره تازه شو!');
    // Back to English: the header no longer matters either.
    await call(server(), 'PUT', '/api/profile', { token: u.token, body: { name: 'Zahra Noori', email: u.email, locale: 'en' } });
    const english = await call(server(), 'GET', '/api/users', { token: u.token, headers: DARI });
    expect(english.body.message).toBe('This action is unauthorized.');
  });

  it("a success's message too, and nothing but the message changes", async () => {
    const body = { name: 'Zahra', email: 'zahra@example.org', subject: 'Visit', message: 'When may we visit?' };
    const res = await call(server(), 'POST', '/api/contacts', { body, headers: PASHTO });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('ستاسو له پیغام مننه! ژر به درسره اړیکه ونیسو.');
    expect(typeof res.body.data.id).toBe('number');
    const list = await call(server(), 'GET', '/api/contacts', { token: admin, headers: DARI });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain('When may we visit?');
  });
});

describeEachDatabase('e-mails in the request language', (_server, dialect) => {
  let mailed: TestServer;
  const mailer = capturingMailer();
  beforeAll(async () => {
    mailed = await startServer(dialect, {}, { mailer });
  });
  afterAll(async () => {
    await mailed?.close();
  });

  it('a password reset asked for in Dari is mailed in Dari, with a right-to-left HTML part', async () => {
    const before = mailer.sent.length;
    const res = await call(mailed, 'POST', '/api/auth/forgot-password', { body: { email: ADMIN.email }, headers: DARI });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('اگر این آدرس ایمیل ثبت شده باشد، یک لینک تنظیم دوبارهٔ رمز عبور فرستاده شد.');
    const mail = await nextMail(mailer, before + 1);
    expect(mail.to).toBe(ADMIN.email);
    expect(mail.language).toBe('fa-AF');
    expect(mail.subject).toMatch(/^رمز عبور .+ خود را دوباره تنظیم کنید$/);
    expect(mail.text).toContain('برای انتخاب رمز عبور جدید این لینک را باز کنید:');
    expect(mail.text).toContain('پس از 60 دقیقه باطل می‌شود');
    expect(mail.text).toMatch(/^https?:\/\/\S+\/reset-password\?token=\S+&email=\S+$/m);
    expect(mail.text).not.toMatch(/Someone asked|Hello/);
  });

  it('the same request in English gets the English mail', async () => {
    const other = await userWithRoles(mailed, []);
    const before = mailer.sent.length;
    await call(mailed, 'POST', '/api/auth/forgot-password', { body: { email: other.email } });
    const mail = await nextMail(mailer, before + 1);
    expect(mail.to).toBe(other.email);
    expect(mail.language ?? 'en').toBe('en');
    expect(mail.subject).toMatch(/^Reset your .+ password$/);
    expect(mail.text).toMatch(/^Hello Test User \d+,$/m);
  });

  it("an account's own language wins over the request's for its reset mail", async () => {
    const owner = await userWithRoles(mailed, []);
    await call(mailed, 'PUT', '/api/profile', { token: owner.token, body: { name: 'Gul', email: owner.email, locale: 'ps-AF' } });
    const before = mailer.sent.length;
    await call(mailed, 'POST', '/api/auth/forgot-password', { body: { email: owner.email }, headers: ENGLISH });
    const mail = await nextMail(mailer, before + 1);
    expect(mail.to).toBe(owner.email);
    expect(mail.language).toBe('ps-AF');
    expect(mail.text).toMatch(/^سلام Gul،$/m);
    expect(mail.text).toContain('د نوي پټنوم د ټاکلو لپاره دا لینک پرانیزئ:');
  });

  it('the e-mail change notice goes to the old address in the language of the one who changed it', async () => {
    const u = await userWithRoles(mailed, []);
    const before = mailer.sent.length;
    const res = await call(mailed, 'PUT', '/api/profile', { token: u.token, body: { name: 'Gul', email: `new-${u.email}`, current_password: 'user-password-1' }, headers: PASHTO });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('پروفایل په بریالیتوب سره تازه شو!');
    const mail = await nextMail(mailer, before + 1);
    expect(mail.to).toBe(u.email);
    expect(mail.language).toBe('ps-AF');
    expect(mail.subject).toBe('ستاسو برېښنالیک پته بدله شوه');
    expect(mail.text).toContain(`نوې پته: new-${u.email}`);
  });
});
