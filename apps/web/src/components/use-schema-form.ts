import { useEffect, useMemo, useState } from 'react';
import { get, useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { useRefusalFocus } from '../lib/focus-first-invalid.ts';
import { translateMessage } from '../lib/translate-message.ts';
import { showServerErrors } from './list/server-field-errors.ts';

/** What a form says above its fields after a save: that it went through, or why it did not. */
export interface FormBanner {
  tone: 'success' | 'error';
  text: string;
}

export interface FormOutcomeOptions<V extends FieldValues, D, R> {
  /** The create or update call, with what the schema made of the form. */
  save: (values: D) => Promise<R>;
  setError: UseFormSetError<V>;
  /** The fields a 422's messages may land on. */
  fields: readonly Path<V>[];
  /**
   * After the save went through: toast and close, refresh what shows it... Text it returns is the
   * banner's success message (a form that stays on screen says so there).
   */
  onSaved: (answer: R) => string | void | Promise<string | void>;
  /** The banner's words for a failed save, from its error (the server's message or the screen's own). */
  failed: (err: unknown) => string;
  /** The banner names the failure even when every message is on its field (Settings, spec section 8). */
  failureAlwaysSaid?: boolean;
  /** The banner clears itself after this many milliseconds (Settings, spec section 9); otherwise it stays. */
  bannerMs?: number;
  /** Called after the server's refusal put its messages on the fields (to focus the first). */
  onRefused?: () => void;
}

/**
 * Saving a form, the one way every form does it: on success `onSaved`; on failure the 422's
 * field messages on their fields (focus on the first) and the banner only for what no field says,
 * so nothing is said twice. `submit` takes the parsed values (hand it to `handleSubmit`).
 */
export function useFormOutcome<V extends FieldValues, D, R>({ save, setError, fields, onSaved, failed, failureAlwaysSaid, bannerMs, onRefused }: FormOutcomeOptions<V, D, R>) {
  const [banner, setBanner] = useState<FormBanner | null>(null);
  useEffect(() => {
    if (!banner || bannerMs === undefined) return;
    const timer = setTimeout(() => setBanner(null), bannerMs);
    return () => clearTimeout(timer);
  }, [banner, bannerMs]);

  const submit = async (values: D) => {
    setBanner(null);
    try {
      const text = await onSaved(await save(values));
      if (text) setBanner({ tone: 'success', text });
    } catch (err) {
      const fallback = failed(err);
      const text = showServerErrors(err, setError, fields, fallback) ?? (failureAlwaysSaid ? fallback : null);
      if (text) setBanner({ tone: 'error', text });
      onRefused?.();
    }
  };
  return { banner, failure: banner?.tone === 'error' ? banner.text : null, submit };
}

export interface SchemaFormOptions<V extends FieldValues, D, R> extends Omit<FormOutcomeOptions<V, D, R>, 'setError'> {
  /** The shared schema: the form checks what the server checks, with the same messages; its output is what is saved. */
  schema: ZodType;
  defaultValues: DefaultValues<V>;
}

/**
 * The shared schema as the form's resolver. The form holds strings and numbers, a narrower shape
 * than what the schema takes (many are preprocesses, typed as taking `unknown`), so the schema is
 * shown to the resolver as taking the form's values and giving what is sent.
 */
export function schemaResolver<V extends FieldValues, D>(schema: ZodType): Resolver<V, unknown, D> {
  return zodResolver(schema as unknown as ZodType<D, V>) as unknown as Resolver<V, unknown, D>;
}

/**
 * A form over a shared schema (react-hook-form) saved as `useFormOutcome` saves: the form's
 * state, its `submit` (the form element's onSubmit), the banner, a field's message in the
 * reader's language, `busy` while saving, and `modal`, what FormModal takes of it.
 */
export function useSchemaForm<V extends FieldValues, D = V, R = unknown>({ schema, defaultValues, ...saving }: SchemaFormOptions<V, D, R>) {
  const { t } = useTranslation();
  const resolver = useMemo(() => schemaResolver<V, D>(schema), [schema]);
  // Focus after a refusal goes to the first refused field on the page, not the first registered.
  const form: UseFormReturn<V, unknown, D> = useForm<V, unknown, D>({ resolver, defaultValues, shouldFocusError: false });
  const refusal = useRefusalFocus();
  const outcome = useFormOutcome({ ...saving, setError: form.setError, onRefused: refusal.refused });
  const submit = refusal.capture(form.handleSubmit(outcome.submit, refusal.refused));
  const busy = form.formState.isSubmitting;
  /** A field's message, in the reader's language. */
  const message = (name: Path<V>): string | undefined => translateMessage(t, (get(form.formState.errors, name) as { message?: string } | undefined)?.message);
  return { form, submit, busy, banner: outcome.banner, failure: outcome.failure, message, modal: { busy, failure: outcome.failure, onSubmit: submit } };
}
