import { z } from 'zod';
import { CALENDARS, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { LANGUAGES } from '../i18n/languages.ts';

/** Spec section 5, Login. */
export const loginSchema = z.object({
  // Bounded like every stored e-mail and password: nothing longer can match an account.
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(255, 'Please enter a valid email').email('Please enter a valid email'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'The password may not be greater than 200 characters.'),
  remember: z.boolean().optional().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

/** Spec section 5, Register. */
export const registerSchema = z
  .object({
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(255),
    email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').email('Please enter a valid email').max(255),
    password: z.string({ error: 'Password is required' }).min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters').max(200),
    password_confirmation: z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'Passwords must match',
    path: ['password_confirmation'],
  });
export type RegisterInput = z.input<typeof registerSchema>;

/** A role or permission as the user object lists it. */
export const namedRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** The signed-in user as the client sees it (GET /auth/user, login, profile): never more. */
export const authUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  email_verified_at: z.string().nullable(),
  /** The calendar dates are shown and entered in (stored ISO Gregorian either way). */
  calendar: z.enum(CALENDARS),
  /** The language the user chose; null until they choose one, the browser's language rules. */
  locale: z.enum(LANGUAGES).nullable(),
  roles: z.array(namedRefSchema),
  permissions: z.array(namedRefSchema),
  /** The active sites whose children the user sees (every active site for an all-sites user). */
  sites: z.array(namedRefSchema),
  /** Holds every site, present and future (a Super Admin always). */
  all_sites: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** POST /auth/login: the user and the `id|secret` bearer token. */
export const loginResponseSchema = z.object({ user: authUserSchema, token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /auth/register (201). */
export const registerResponseSchema = z.object({ message: z.string(), redirectTo: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** GET /auth/user. */
export const currentUserResponseSchema = z.object({ user: authUserSchema });
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;
