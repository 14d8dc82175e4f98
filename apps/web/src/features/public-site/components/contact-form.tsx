import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { messageOr } from '../../../lib/server-errors.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { showServerErrors } from '../../../components/list/server-field-errors.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Textarea } from '../../../components/ui/input.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { contactSchema, type ContactInput } from '@app/shared/schemas/contact.schema';
import { useSendContact } from '../api/send-contact.ts';

const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '', website: '' };

export function ContactForm() {
  const { t } = useTranslation('site');
  const send = useSendContact();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ContactInput>({ resolver: zodResolver(contactSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    try {
      const stored = await send.mutateAsync(values);
      if (stored) {
        setResult({ tone: 'success', text: t('contact.form.success') });
        reset(EMPTY);
      } else {
        setResult({ tone: 'error', text: t('contact.form.failed') });
      }
    } catch (err) {
      // Spec section 8: the server's message, else 'Submission failed. Please try again.'; field messages on their fields.
      const text = showServerErrors(err, setError, ['name', 'email', 'subject', 'message'], messageOr(t, err, t('contact.form.failedRetry')));
      setResult(text ? { tone: 'error', text } : null);
    }
  });

  const err = (message?: string) => translateMessage(t, message);

  return (
    // POST: a press before the script has run must not put the message in an address.
    <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
      {result ? <Notice tone={result.tone}>{result.text}</Notice> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('contact.form.name')} error={err(errors.name?.message)}>
          {(ids) => <Input {...ids} autoComplete="name" {...register('name')} />}
        </Field>
        <Field label={t('contact.form.email')} error={err(errors.email?.message)}>
          {(ids) => <Input {...ids} type="email" autoComplete="email" {...register('email')} />}
        </Field>
      </div>
      <Field label={t('contact.form.subject')} error={err(errors.subject?.message)}>
        {(ids) => <Input {...ids} {...register('subject')} />}
      </Field>
      <Field label={t('contact.form.message')} error={err(errors.message?.message)}>
        {(ids) => <Textarea {...ids} rows={5} {...register('message')} />}
      </Field>
      {/* Honeypot: invisible to people and screen readers; bots that fill it are dropped by the server. */}
      <div aria-hidden="true" className="absolute -start-[9999px] h-px w-px overflow-hidden">
        <label>
          Website
          <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
        </label>
      </div>
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? t('contact.form.sending') : t('contact.form.submit')}
      </Button>
    </form>
  );
}
