import { z } from 'zod';
import { CALENDARS, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { authUserSchema } from './auth.schema.ts';
import { messageResponseSchema } from './common.schema.ts';

export const PROFILE_MSG = {
  nameRequired: 'Name is required',
  emailInvalid: 'Invalid email',
  emailRequired: 'Email is required',
  emailTaken: 'The email has already been taken.',
  currentRequired: 'Current password is required',
  currentWrong: 'The current password is incorrect.',
  currentForEmail: 'Enter your current password to change your e-mail address.',
  passwordLength: 'Password must be at least 8 characters',
  confirmationRequired: 'Password confirmation is required',
  mismatch: 'Passwords must match',
  profileUpdated: 'Profile updated successfully!',
  passwordUpdated: 'Password updated successfully!',
  calendarInvalid: 'The selected calendar is invalid.',
  localeInvalid: 'The selected language is invalid.',
  passwordRequired: 'Password is required',
  passwordConfirmed: 'Password confirmed.',
} as const;

/**
 * Spec section 5, Profile. Changing the e-mail also needs the current password: the e-mail is
 * where password resets go, so a stolen session must not be able to move it.
 */
export const profileSchema = z.object({
  name: z.string({ error: PROFILE_MSG.nameRequired }).trim().min(1, PROFILE_MSG.nameRequired).max(255),
  email: z.string({ error: PROFILE_MSG.emailRequired }).trim().min(1, PROFILE_MSG.emailRequired).max(255).email(PROFILE_MSG.emailInvalid),
  current_password: z.string().max(200).optional(),
  /** The calendar dates are shown and entered in; left out, it stays as it is. */
  calendar: z.enum(CALENDARS, { error: PROFILE_MSG.calendarInvalid }).optional(),
  /** The language the app shows this user on any device; left out, it stays as it is. */
  locale: z.enum(LANGUAGES, { error: PROFILE_MSG.localeInvalid }).optional(),
});
export type ProfileInput = z.input<typeof profileSchema>;

/** Spec section 5, Password change (same PUT /profile call). */
export const passwordChangeSchema = z
  .object({
    current_password: z.string({ error: PROFILE_MSG.currentRequired }).min(1, PROFILE_MSG.currentRequired),
    password: z.string({ error: PROFILE_MSG.passwordLength }).min(PASSWORD_MIN_LENGTH, PROFILE_MSG.passwordLength).max(200),
    password_confirmation: z.string({ error: PROFILE_MSG.confirmationRequired }).min(1, PROFILE_MSG.confirmationRequired),
  })
  .refine((v) => v.password === v.password_confirmation, { message: PROFILE_MSG.mismatch, path: ['password_confirmation'] });
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** A body is a password change when it carries a new password, else a profile update (which may carry the current one). */
export function isPasswordChange(body: object): boolean {
  return 'password' in body || 'password_confirmation' in body;
}

/** PUT /profile, a profile update: the user as it now reads. */
export const profileUpdatedResponseSchema = z.object({ message: z.string(), user: authUserSchema });
export type ProfileUpdatedResponse = z.infer<typeof profileUpdatedResponseSchema>;

/** PUT /profile, a password change. */
export const passwordUpdatedResponseSchema = messageResponseSchema;
export type PasswordUpdatedResponse = z.infer<typeof passwordUpdatedResponseSchema>;

/** PUT /profile answers one of the two, as the body was one form or the other. */
export const profileResponseSchema = z.union([profileUpdatedResponseSchema, passwordUpdatedResponseSchema]);

/**
 * POST /profile/confirm-password: the signed-in user's password, typed again, checked by the
 * server — before this phone keeps data sealed under a key derived from it, so that a mistyped
 * one never locks the teacher out of their own changes.
 */
export const confirmPasswordSchema = z.object({
  password: z.string({ error: PROFILE_MSG.passwordRequired }).min(1, PROFILE_MSG.passwordRequired).max(200),
});
export type ConfirmPasswordInput = z.input<typeof confirmPasswordSchema>;
