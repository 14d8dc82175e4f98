import { useTranslation } from 'react-i18next';

/** A child's field by the name the orphan form gives it (the orphans texts' `fields`), in the language on screen. */
export function useFieldLabel(): (field: string) => string {
  const { t } = useTranslation('orphans');
  return (field: string) => t(`fields.${field}` as 'fields.first_name', { defaultValue: field });
}
