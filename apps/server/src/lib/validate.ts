import type { z } from 'zod';
import { AppError } from './app-error.ts';

/** Turn zod issues into the 422 `errors` map: field path → messages. */
export function issuesToErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** Parse input the route could not validate declaratively (multipart, merged fields). */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw AppError.validationMany(issuesToErrors(result.error.issues));
  return result.data;
}
