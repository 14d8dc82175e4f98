import { Badge } from '../../../components/ui/badge.tsx';
import { statusTone } from './orphan-format.ts';
import { useOrphanFormat } from './use-orphan-format.ts';

/** Active green, inactive red, anything else blue; a missing status reads Active. */
export function OrphanStatusBadge({ status }: { status: string | null | undefined }) {
  const format = useOrphanFormat();
  return <Badge tone={statusTone(status)}>{format.status(status)}</Badge>;
}
