import { useTranslation } from 'react-i18next';
import type { ReadLogItem } from '@app/shared/schemas/read-log.schema';

/** What a line says was read: the kind in the reader's language, with a file's version or an export's kind. */
export function useReadLabels() {
  const { t } = useTranslation('activities');
  return {
    kind: (kind: string) => t(`accessLog.kinds.${kind as ReadLogItem['kind']}`),
    what: (item: ReadLogItem) => {
      const kind = t(`accessLog.kinds.${item.kind}`);
      const detail = item.detail ?? {};
      if (item.kind === 'file' && typeof detail.version === 'string') return `${kind} · ${detail.version === 'download' ? t('accessLog.download') : detail.version}`;
      if (item.kind === 'export' && typeof detail.export === 'string') return `${kind} · ${t(`accessLog.exports.${detail.export as 'orphans' | 'results' | 'attendance'}`)}`;
      return kind;
    },
  };
}
