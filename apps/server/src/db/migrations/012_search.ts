import { type Kysely, sql } from 'kysely'
import type { DialectName } from '../database.ts'

/**
 * Ranked keyword search at scale (issue 15, BENCH G3s): a word index over the catalogue's
 * products, and a substring index over their names (title and brand) only.
 * - SQLite: FTS5 `products_words` (unicode61 words, accents folded, prefix indexes of 2 and 3
 *   characters so the word being typed matches as a prefix), external content on products,
 *   kept in step by triggers: a product's write and its index rows commit in one transaction.
 * - PostgreSQL: a generated, weighted `tsvector` (title A, brand B, tags C, description D,
 *   'simple' configuration: no language stemming, the catalogue is multilingual) with a GIN
 *   index; generated columns are written by the same statement as the row.
 * Ranking weighs the fields a word is found in (SQLite) or reads ts_rank (PostgreSQL).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`create virtual table products_words using fts5(title, brand, tags, description, content='products', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(
      db,
    )
    const cols = 'title, brand, tags, description'
    const newCols = 'new.title, new.brand, new.tags, new.description'
    const oldCols = 'old.title, old.brand, old.tags, old.description'
    await sql
      .raw(
        `create trigger products_words_ai after insert on products begin insert into products_words(rowid, ${cols}) values (new.id, ${newCols}); end`,
      )
      .execute(db)
    await sql
      .raw(
        `create trigger products_words_ad after delete on products begin insert into products_words(products_words, rowid, ${cols}) values ('delete', old.id, ${oldCols}); end`,
      )
      .execute(db)
    await sql
      .raw(
        `create trigger products_words_au after update on products begin insert into products_words(products_words, rowid, ${cols}) values ('delete', old.id, ${oldCols}); insert into products_words(rowid, ${cols}) values (new.id, ${newCols}); end`,
      )
      .execute(db)
    await sql`insert into products_words(products_words) values ('rebuild')`.execute(db)
    // Letters inside a word ('phone' in 'iPhone') are looked up in names only: 001's trigram
    // index over descriptions too has doclists long enough to cost milliseconds a word.
    await sql`create virtual table products_names using fts5(title, brand, content='products', content_rowid='id', tokenize='trigram remove_diacritics 1')`.execute(
      db,
    )
    await sql
      .raw(
        'create trigger products_names_ai after insert on products begin insert into products_names(rowid, title, brand) values (new.id, new.title, new.brand); end',
      )
      .execute(db)
    await sql
      .raw(
        "create trigger products_names_ad after delete on products begin insert into products_names(products_names, rowid, title, brand) values ('delete', old.id, old.title, old.brand); end",
      )
      .execute(db)
    await sql
      .raw(
        "create trigger products_names_au after update on products begin insert into products_names(products_names, rowid, title, brand) values ('delete', old.id, old.title, old.brand); insert into products_names(rowid, title, brand) values (new.id, new.title, new.brand); end",
      )
      .execute(db)
    await sql`insert into products_names(products_names) values ('rebuild')`.execute(db)
  } else {
    await sql`alter table products add column search_vector tsvector generated always as (
      setweight(to_tsvector('simple', coalesce(title, '')), 'A') ||
      setweight(to_tsvector('simple', coalesce(brand, '')), 'B') ||
      setweight(to_tsvector('simple', coalesce(tags, '')), 'C') ||
      setweight(to_tsvector('simple', coalesce(description, '')), 'D')) stored`.execute(db)
    await sql`create index products_search_vector on products using gin (search_vector)`.execute(db)
    await sql`alter table products add column name_text text generated always as (lower(coalesce(title, '') || ' ' || coalesce(brand, ''))) stored`.execute(
      db,
    )
    await sql`create index products_name_trgm on products using gin (name_text gin_trgm_ops)`.execute(db)
  }
}
