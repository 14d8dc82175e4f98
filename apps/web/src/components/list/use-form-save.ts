import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { messageOr } from '../../lib/server-errors.ts';
import { translateMessage } from '../../lib/translate-message.ts';
import { showServerErrors } from './server-field-errors.ts';

export interface FormSaveOptions<V extends FieldValues> {
  /** The create or update call; its answer's `message` is the success toast when it has one. */
  save: (values: V) => Promise<{ message?: string } | undefined | void>;
  setError: UseFormSetError<V>;
  /** The fields a 422's messages may land on. */
  fields: readonly Path<V>[];
  /** The toast when the answer carries no message ('User created successfully'). */
  done: string;
  /** The banner when the server gives no message ('Error creating user', spec section 8). */
  failed: string;
  onSaved: () => void;
}

/**
 * Saving a row's add/edit form: toast and close on success; on failure, field messages on their
 * fields and `failure` (for FormModal's banner) only for what no field says.
 */
export function useFormSave<V extends FieldValues>({ save, setError, fields, done, failed, onSaved }: FormSaveOptions<V>) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (values: V) => {
    setFailure(null);
    try {
      const body = await save(values);
      toast.success(translateMessage(t, body?.message || undefined) ?? done);
      onSaved();
    } catch (err) {
      setFailure(showServerErrors(err, setError, fields, messageOr(t, err, failed)));
    }
  };
  return { failure, submit };
}
