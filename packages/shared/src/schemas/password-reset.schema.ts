import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.ts';

export const PASSWORD_RESET_MSG = {
  emailRequired: 'Email is required',
  email: 'Please enter a valid email',
  linkSent: 'If that e-mail address is registered, a password reset link has been sent.',
  invalidToken: 'This password reset token is invalid.',
  passwordLength: 'Password must be at least 8 characters',
  confirmationRequired: 'Please confirm your password',
  mismatch: 'Passwords must match',
  reset: 'Your password has been reset.',
} as const;

/** Minutes a reset link stays valid. */
export const PASSWORD_RESET_MINUTES = 60;

const email = z
  .string({ error: PASSWORD_RESET_MSG.emailRequired })
  .trim()
  .min(1, PASSWORD_RESET_MSG.emailRequired)
  .max(255)
  .email(PASSWORD_RESET_MSG.email);

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    email,
    token: z.string({ error: PASSWORD_RESET_MSG.invalidToken }).min(1, PASSWORD_RESET_MSG.invalidToken).max(200),
    password: z.string({ error: PASSWORD_RESET_MSG.passwordLength }).min(PASSWORD_MIN_LENGTH, PASSWORD_RESET_MSG.passwordLength).max(200),
    password_confirmation: z.string({ error: PASSWORD_RESET_MSG.confirmationRequired }).min(1, PASSWORD_RESET_MSG.confirmationRequired),
  })
  .refine((v) => v.password === v.password_confirmation, { message: PASSWORD_RESET_MSG.mismatch, path: ['password_confirmation'] });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
