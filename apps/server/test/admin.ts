/** The first Super Admin of every test server's database (the template's seed, see database-template.ts). */
export const ADMIN = { email: 'admin@test.org', password: 'admin-password-1' };
