import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { messageOr } from '../../lib/server-errors.ts';
import { translateMessage } from '../../lib/translate-message.ts';
import { useFormOutcome, useSchemaForm, type SchemaFormOptions } from '../use-schema-form.ts';

/** A create or update call; its answer's `message` is the success toast when it has one. */
type SaveCall<D> = (values: D) => Promise<{ message?: string } | undefined | void>;

interface ToastAndClose {
  /** The toast when the answer carries no message ('User created successfully'). */
  done: string;
  /** The banner when the server gives no message ('Error creating user', spec section 8). */
  failed: string;
}

/** A row's form saved: the answer's message (else `done`) as a toast, then the form goes. */
function savedThenClosed(t: TFunction, done: string, close: () => void) {
  return (body: { message?: string } | undefined | void) => {
    toast.success(translateMessage(t, body?.message || undefined) ?? done);
    close();
  };
}

export interface FormSaveOptions<V extends FieldValues> extends ToastAndClose {
  save: SaveCall<V>;
  setError: UseFormSetError<V>;
  /** The fields a 422's messages may land on. */
  fields: readonly Path<V>[];
  onSaved: () => void;
}

/**
 * Saving a row's add/edit form whose react-hook-form the screen holds itself: toast and close on
 * success; on failure, field messages on their fields and `failure` (for FormModal's banner) only
 * for what no field says.
 */
export function useFormSave<V extends FieldValues>({ save, setError, fields, done, failed, onSaved }: FormSaveOptions<V>) {
  const { t } = useTranslation();
  const { failure, submit } = useFormOutcome({ save, setError, fields, onSaved: savedThenClosed(t, done, onSaved), failed: (err) => messageOr(t, err, failed) });
  return { failure, submit };
}

export interface ModalFormOptions<V extends FieldValues, D> extends ToastAndClose, Pick<SchemaFormOptions<V, D, unknown>, 'schema' | 'defaultValues' | 'fields'> {
  save: SaveCall<D>;
  onClose: () => void;
}

/**
 * A row's add/edit form in a FormModal (users, pages, roles): the shared schema's form, saved
 * with a toast and closed; `modal` is what FormModal takes of it: `<FormModal {...modal} …>`.
 */
export function useModalForm<V extends FieldValues, D = V>({ done, failed, onClose, ...form }: ModalFormOptions<V, D>) {
  const { t } = useTranslation();
  const saving = useSchemaForm<V, D, { message?: string } | undefined | void>({ ...form, onSaved: savedThenClosed(t, done, onClose), failed: (err) => messageOr(t, err, failed) });
  return { ...saving, modal: { ...saving.modal, onClose } };
}
