import { useTranslation } from 'react-i18next';
import type { ImportKind } from '@app/shared/schemas/import.schema';

/**
 * A field by the name its form gives it, in the language on screen: a result's or attendance
 * field by the results or attendance texts, the child's by the orphan form's, the child's id by
 * the import's own.
 */
export function useFieldLabel(kind: ImportKind): (field: string) => string {
  const { t } = useTranslation(['imports', 'orphans', 'results', 'attendance']);
  return (field: string) => {
    const keys = [`imports:fields.${field}`, ...(kind === 'orphans' ? [] : [`${kind}:fields.${field}`]), `orphans:fields.${field}`];
    return t(keys as unknown as 'imports:nav', { defaultValue: field });
  };
}
