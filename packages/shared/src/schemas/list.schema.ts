import { z } from 'zod';
import { pageMetaSchema } from './common.schema.ts';

export { pageMetaSchema, type PageMeta } from './common.schema.ts';

/** Lists the spec reads as `data.data` and `data.meta` (pages, contacts): that shape, for those calls only. */
export function nestedPaged<T extends z.ZodType>(item: T) {
  return z.object({ data: z.object({ data: z.array(item), meta: pageMetaSchema }) });
}
export type NestedPaged<T> = { data: { data: T[]; meta: z.infer<typeof pageMetaSchema> } };
