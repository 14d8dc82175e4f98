import { z } from 'zod';

/**
 * Lockdown: one step for the day the office is raided. The caller re-enters their password both to
 * start it and to lift it, so a session left open on a seized laptop can do neither.
 */
export const LOCKDOWN_MSG = {
  passwordRequired: 'Password is required',
  passwordWrong: 'The current password is incorrect.',
  started: 'Lockdown is on: every other session has ended, the system is in maintenance, and sensitive details are hidden from everyone but Super Admins.',
  lifted: 'Lockdown is lifted: sensitive details show again to those allowed to see them, and maintenance mode is back as it was before.',
} as const;

/** POST and DELETE /lockdown: the caller's own password, typed again. */
export const lockdownPasswordSchema = z.object({
  password: z.string({ error: LOCKDOWN_MSG.passwordRequired }).min(1, LOCKDOWN_MSG.passwordRequired).max(200, 'The password may not be greater than 200 characters.'),
});
export type LockdownPasswordInput = z.input<typeof lockdownPasswordSchema>;

/** Whether lockdown is on, and since when (ISO 8601 UTC, null when off). */
export const lockdownStateSchema = z.object({
  active: z.boolean(),
  since: z.string().nullable(),
});
export type LockdownState = z.infer<typeof lockdownStateSchema>;

export const lockdownStateResponseSchema = z.object({ data: lockdownStateSchema });
export type LockdownStateResponse = z.infer<typeof lockdownStateResponseSchema>;

/** What starting or lifting it answers: the message and the state it left. */
export const lockdownChangedResponseSchema = z.object({
  message: z.string(),
  data: lockdownStateSchema.extend({ sessions_ended: z.number().int() }),
});
export type LockdownChangedResponse = z.infer<typeof lockdownChangedResponseSchema>;
