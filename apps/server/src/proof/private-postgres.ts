import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from '../test/two-nodes.ts'

/**
 * A PostgreSQL server of the proof's own (Debian's binaries, run as the `postgres` user, trust
 * auth on loopback), so it can be killed with SIGKILL without touching the one the other
 * suites share. It listens on a free loopback port (PROOF_PG_PORT to fix one); a restart after
 * a kill reuses it.
 */
export interface PrivatePostgres {
  url: string
  /** SIGKILL to the postmaster, as a crash of the database machine. */
  kill(): void
  /** Starts it again on the same data (crash recovery); resolves when it accepts connections. */
  start(): Promise<void>
  stop(): void
}

const pgBin = () => {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b))
  return `/usr/lib/postgresql/${versions.at(-1)}/bin`
}
const asPostgres = (command: string) => execFileSync('su', ['postgres', '-c', command], { stdio: 'ignore' })

/** Initialises and starts a private cluster with a database `bazaar`. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const port = process.env.PROOF_PG_PORT ? Number(process.env.PROOF_PG_PORT) : await freePort()
  const dir = mkdtempSync(path.join(tmpdir(), 'bazaar-proof-pg-'))
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
  chownSync(dir, uid, gid)
  asPostgres(`${pgBin()}/initdb -D ${dir}/data -A trust -U postgres`)
  const start = async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        asPostgres(
          `${pgBin()}/pg_ctl -D ${dir}/data -l ${dir}/server.log -w -o '-p ${port} -c listen_addresses=127.0.0.1 -c max_connections=100' start`,
        )
        return
      } catch (error) {
        // Backends of a killed postmaster may still be exiting.
        if (attempt >= 20) throw error
        await new Promise((r) => setTimeout(r, 500))
      }
    }
  }
  await start()
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` })
  await admin.connect()
  await admin.query('create database bazaar')
  await admin.end()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/bazaar`,
    kill() {
      const pidFile = `${dir}/data/postmaster.pid`
      if (existsSync(pidFile)) process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGKILL')
    },
    start,
    stop() {
      try {
        asPostgres(`${pgBin()}/pg_ctl -D ${dir}/data -m immediate stop`)
      } catch {
        // already down
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
