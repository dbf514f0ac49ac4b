import type { ColumnType, Generated } from 'kysely'

/** An auto-incremented integer primary key. */
export type Id = Generated<number>
/** A column with a database default: optional on insert. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>
