import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { differingFields, keepMine, type OutboxChange } from '../../../lib/outbox/outbox-change.ts';
import { replaceChange } from '../../../lib/outbox/outbox.ts';
import { syncOutbox } from '../../../lib/outbox/sync.ts';
import { translateMessage } from '../../../lib/translate-message.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { FIELD_TEXT, KIND_TEXT, STATE_TEXT, isEditable, type EditableField } from './outbox-texts.ts';

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '-' : String(value));
const TONE = { waiting: 'text-gray-700 dark:text-gray-300', rejected: 'text-red-700 dark:text-red-400', conflict: 'text-amber-800 dark:text-amber-300' } as const;

/** The fields of a change the teacher may correct: those that differ from the server's, else those the server named, else all it carries. */
function editableFields(change: OutboxChange): EditableField[] {
  if (change.current) return differingFields(change.body, change.current.data).filter(isEditable);
  const named = Object.keys(change.errors ?? {}).filter(isEditable);
  return named.length ? named : Object.keys(change.body).filter(isEditable);
}

/**
 * One change on this phone: what it is, its state and the server's message; a conflict field by
 * field beside the server's values and who saved them when. Keep mine (sent again over the
 * server's version), take the server's (mine dropped), or edit then send; a refused one is
 * corrected and sent again, or discarded.
 */
export function OutboxChangeItem({ change }: { change: OutboxChange }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const [editing, setEditing] = useState<Record<string, string> | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = editableFields(change);
  const current = change.current;

  const act = async (next: OutboxChange | undefined) => {
    setBusy(true);
    try {
      await replaceChange(change.key, next);
      setEditing(null);
      if (next && navigator.onLine !== false) await syncOutbox();
    } finally {
      setBusy(false);
    }
  };
  const edited = () => Object.fromEntries(Object.entries(editing ?? {}).map(([field, value]) => [field, typeof change.body[field] === 'number' && value.trim() !== '' ? Number(value) : value]));

  return (
    <li className="space-y-2 border-b border-gray-200 py-3 last:border-0 dark:border-gray-700" data-testid="outbox-change" data-state={change.state}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-medium">
          {t(KIND_TEXT[change.label.kind])}: <bdi>{change.label.subject}</bdi> · <bdi>{change.label.period}</bdi>
        </p>
        <span className={`text-sm font-medium ${TONE[change.state]}`}>{t(STATE_TEXT[change.state])}</span>
      </div>
      {change.message ? (
        <p className="text-sm" dir="auto">
          {translateMessage(t, change.message) ?? change.message}
        </p>
      ) : null}
      {current ? (
        <ul className="space-y-1 text-sm">
          {differingFields(change.body, current.data).map((field) => (
            <li key={field} data-testid="conflict-field">
              <span className="font-medium">{isEditable(field) ? t(FIELD_TEXT[field]) : field}</span>: {t('sync.yours', { value: shown(change.body[field]) })} /{' '}
              {current.updated_by
                ? t('sync.serverBy', { value: shown(current.data[field]), name: current.updated_by.name, time: format.dateTime(current.updated_at) })
                : t('sync.server', { value: shown(current.data[field]) })}
            </li>
          ))}
        </ul>
      ) : null}
      {editing ? (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            void act(keepMine(change, edited()));
          }}
        >
          {fields.map((field) => (
            <label key={field} className="block text-sm">
              <span className="font-medium">{t(FIELD_TEXT[field])}</span>
              <Input dir="auto" value={editing[field] ?? ''} onChange={(e) => setEditing({ ...editing, [field]: e.target.value })} className="mt-1" />
            </label>
          ))}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={busy}>
              {t('sync.send')}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => setEditing(null)}>
              {t('sync.cancel')}
            </Button>
          </div>
        </form>
      ) : change.state !== 'waiting' ? (
        <div className="flex flex-wrap gap-2">
          {current ? (
            <>
              <Button size="sm" disabled={busy} onClick={() => void act(keepMine(change))}>
                {t('sync.keepMine')}
              </Button>
              <Button size="sm" variant="outline" disabled={busy} onClick={() => void act(undefined)}>
                {t('sync.takeServer')}
              </Button>
            </>
          ) : null}
          {fields.length ? (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => setEditing(Object.fromEntries(fields.map((f) => [f, shown(change.body[f]) === '-' ? '' : String(change.body[f])])))}>
              {t('sync.edit')}
            </Button>
          ) : null}
          {current ? null : (
            <Button size="sm" variant="danger" disabled={busy} onClick={() => void act(undefined)}>
              {t('sync.discard')}
            </Button>
          )}
        </div>
      ) : null}
    </li>
  );
}
