/**
 * Builds the bench templates: `npm run bench:seed -- [--db=sqlite|postgres] [--size=10k,100k,1m] [--force]`.
 * Templates live under bench/.work/ and are rebuilt only when their sources change.
 */

import { type BenchSize, benchSizes } from './seed/plan.ts'
import { type BenchDialect, ensureTemplate } from './seed/templates.ts'

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string | undefined]))
const dialect = (args.get('db') ?? 'sqlite') as BenchDialect
const sizes = (args.get('size') ?? Object.keys(benchSizes).join(',')).split(',') as BenchSize[]
if (!['sqlite', 'postgres'].includes(dialect)) throw new Error(`--db must be sqlite or postgres, not ${dialect}`)
for (const size of sizes) {
  if (!(size in benchSizes)) throw new Error(`--size must be among ${Object.keys(benchSizes).join(', ')}, not ${size}`)
  await ensureTemplate(dialect, size, { force: args.has('force') })
}
