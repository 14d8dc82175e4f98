import { z } from 'zod';

/** Laravel-style paged list answer (decisions.md). */
export interface Paged<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
}

/** The 422 answer's shape. */
export interface ValidationErrorBody {
  message: string;
  errors: Record<string, string[]>;
}

export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD).')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Must be a valid date.');

/** Query-string page numbers arrive as strings. */
export const pageQuery = z.coerce.number().int().min(1, 'The page must be at least 1.').max(1_000_000).default(1);

export const idParam = z.object({ id: z.coerce.number().int().positive() });
