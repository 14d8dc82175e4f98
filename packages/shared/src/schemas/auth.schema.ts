import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.ts';

/** Spec section 5, Login. */
export const loginSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').email('Please enter a valid email'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
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

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  email_verified_at: string | null;
  roles: { id: number; name: string }[];
  permissions: { id: number; name: string }[];
}

export interface LoginResponse {
  user: AuthUser;
  token: string;
}

export interface RegisterResponse {
  message: string;
  redirectTo: string;
}
