import type { Kysely } from 'kysely';

/**
 * The size in bytes of each resolution of a video, recorded as it is stored, so the download
 * dialog can say what each choice costs on a slow link. Resolutions made before are left
 * without a size (`npm run clean-media-metadata` rewrites them and records it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['video_360p_bytes', 'video_720p_bytes', 'video_1080p_bytes']) {
    await db.schema.alterTable('media').addColumn(column, 'bigint').execute();
  }
}
