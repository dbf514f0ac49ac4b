import fp from 'fastify-plugin'
import type { Db } from '../db/database.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database (Kysely instance and dialect), shared by every route. */
    db: Db
  }
}

/**
 * Makes the database a typed decorator (`app.db`) visible to every plugin, as fastify/demo
 * does. Services stay plain functions taking `db` or `trx`, so sweeps, the CLI and the bench
 * call the same code as the routes.
 */
export const databasePlugin = fp<{ db: Db }>(
  async (app, { db }) => {
    app.decorate('db', db)
  },
  { name: 'database' },
)
