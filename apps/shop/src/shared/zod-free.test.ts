import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The shop takes values only from the contract's zod-free modules (…-values, money, errors,
// locales, api-error): a value import of a schema module would run its zod schemas and put zod
// (~25 KB gzip) into the bundle (BENCH B1/B2). Types from schema modules are erased, so
// `import type` of them is fine. Biome cannot tell type imports apart, hence this test.
const shopSrc = path.resolve(import.meta.dirname, '..')
const contractSrc = path.resolve(import.meta.dirname, '../../../../packages/contract/src')

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })

const usesZod = (module: string) => /from 'zod'/.test(readFileSync(path.join(contractSrc, `${module}.ts`), 'utf8'))

const contractImport = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@bazaar\/contract\/([\w-]+)'/g

describe('the shop and zod', () => {
  it('imports only types from the contract’s schema modules', () => {
    const offenders: string[] = []
    for (const file of sourceFiles(shopSrc)) {
      for (const [, typeOnly, names = '', module = ''] of readFileSync(file, 'utf8').matchAll(contractImport)) {
        if (typeOnly || !usesZod(module)) continue
        const values = names
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith('type '))
        if (values.length > 0) offenders.push(`${path.relative(shopSrc, file)}: ${values.join(', ')} from ${module}`)
      }
    }
    expect(offenders).toEqual([])
  })

  it('knows the zod-free modules from the schema modules', () => {
    expect(usesZod('orders')).toBe(true)
    expect(usesZod('orders-values')).toBe(false)
    expect(usesZod('money')).toBe(false)
  })
})
