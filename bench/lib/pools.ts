import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { TemplateMeta } from '../seed/templates.ts'

/** A position in one category's product list (sort recommend): the first page when `cursor` is absent. */
export interface ListPosition {
  categoryId: number
  /** The listings column the category scopes (a top-level category covers its leaves). */
  column: 'category_id' | 'top_category_id'
  cursor?: string
  /** The cursor's keyset (recommend score, listing id), for the F_list floor. */
  after?: [number, number]
  /** How many rows precede this position. */
  depthRows: number
}

/** Request pools of one template, walked once through the real API and cached. */
export interface Pools {
  positions: ListPosition[]
  /** Positions at least `deepRows` rows in (G2's deep cursor). */
  deep: ListPosition[]
  firstPages: ListPosition[]
  listingIds: number[]
  keywords: string[]
}

/** How far the walk goes: pages of 100 per category, and a bound on the whole walk. */
export interface WalkLimits {
  pagesPerCategory: number
  deepRows: number
  walkBudgetMs: number
}

interface Category {
  id: number
  level: 1 | 2
  children?: Category[]
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { data: T }).data
}

/** Walks one category's list with pages of 100 and keeps every cursor the API handed out. */
async function walkCategory(baseUrl: string, category: Category, limits: WalkLimits, deadlineMs: number): Promise<ListPosition[]> {
  const column = category.level === 1 ? 'top_category_id' : 'category_id'
  const positions: ListPosition[] = [{ categoryId: category.id, column, depthRows: 0 }]
  let cursor: string | null = null
  for (let page = 0; page < limits.pagesPerCategory && performance.now() < deadlineMs; page++) {
    const query = new URLSearchParams({ categoryId: String(category.id), limit: '100', ...(cursor ? { cursor } : {}) })
    const data: { items: unknown[]; nextCursor: string | null } = await getJson(`${baseUrl}/api/products?${query}`)
    cursor = data.nextCursor
    if (!cursor) break
    const [, score, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, number, number]
    positions.push({ categoryId: category.id, column, cursor, after: [score, id], depthRows: (page + 1) * 100 })
  }
  return positions
}

/**
 * The request pools of a template: list positions from walking every category through the
 * real API (4 walks at a time, bounded per category and in total), listing ids and
 * keywords from the template's meta. Cached under bench/.work/pools by the template and
 * the server's cursor code, so the (slow at 1M) walk happens once.
 */
export async function loadPools(baseUrl: string, meta: TemplateMeta, limits: WalkLimits, workDir: string): Promise<Pools> {
  const cursorCode = readFileSync(path.resolve(import.meta.dirname, '../../apps/server/src/platform/cursor.ts'))
  const key = createHash('sha256')
    .update(JSON.stringify([meta.dialect, meta.size, meta.builtAt, limits]))
    .update(cursorCode)
    .digest('hex')
    .slice(0, 12)
  const file = path.join(workDir, 'pools', `${meta.dialect}-${meta.size}-${key}.json`)
  let positions: ListPosition[]
  if (existsSync(file)) {
    positions = JSON.parse(readFileSync(file, 'utf8')) as ListPosition[]
  } else {
    const tree = await getJson<{ items: Category[] }>(`${baseUrl}/api/categories`)
    const queue = tree.items.flatMap((top) => [top, ...(top.children ?? [])])
    const deadlineMs = performance.now() + limits.walkBudgetMs
    positions = []
    const worker = async () => {
      for (let category = queue.shift(); category; category = queue.shift())
        positions.push(...(await walkCategory(baseUrl, category, limits, deadlineMs)))
    }
    await Promise.all([worker(), worker(), worker(), worker()])
    positions.sort((a, b) => a.categoryId - b.categoryId || a.depthRows - b.depthRows)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, JSON.stringify(positions))
  }
  const deep = positions.filter((p) => p.depthRows >= limits.deepRows)
  return {
    positions,
    deep: deep.length > 0 ? deep : positions.filter((p) => p.depthRows > 0),
    firstPages: positions.filter((p) => p.depthRows === 0),
    listingIds: meta.onSaleSample,
    keywords: meta.keywords,
  }
}
