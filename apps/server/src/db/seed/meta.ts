import type { Kysely } from 'kysely'
import type { Database } from '../schema.ts'

/** Reads one value of the `app_meta` key/value table (seed markers). */
export async function getMeta(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst()
  return row?.value
}

/** Writes one value of the `app_meta` table, replacing what was there. */
export async function setMeta(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto('app_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute()
}

/** The `app_meta` key of the catalogue's last import: the SHA-256 of its files. */
export const catalogueMetaKey = 'catalogue_sha256'

/**
 * Which catalogue import the categories and products are at (the files' SHA-256), or
 * undefined before the first: it moves in the same transaction as the import's writes, so
 * what is read from those tables stays valid while it is unchanged.
 */
export function catalogueRevision(db: Kysely<Database>): Promise<string | undefined> {
  return getMeta(db, catalogueMetaKey)
}
