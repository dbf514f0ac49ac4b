import { payAccountCount } from '../server/floors.ts'
import type { BenchRequest } from './load.ts'
import type { ListPosition, Pools } from './pools.ts'
import { createPrng } from './prng.ts'

/** A named request mix: each call draws the next request. */
export type RequestMix = () => BenchRequest

const listPath = (p: ListPosition) => `/api/products?categoryId=${p.categoryId}${p.cursor ? `&cursor=${p.cursor}` : ''}`
const floorListPath = (p: ListPosition) =>
  `/floor/list?column=${p.column}&value=${p.categoryId}${p.after ? `&after=${p.after[0]}.${p.after[1]}` : ''}`

/**
 * The request mixes of the bench, each drawn from a fixed-seed PRNG so two runs send the
 * same sequence (BENCH.md: randomise category, cursor, product, buyer):
 * - `G1` product list, random category and a random real cursor of it (first pages included);
 * - `F_list` the same positions on the floor's keyset select;
 * - `G2_first` / `G2_deep` first pages / cursors at least the deep depth in;
 * - `search` a random catalogue word, first page;
 * - `G3` / `F_detail` a random on-sale listing's detail / its row by primary key;
 * - `G12` the HTML of a server-rendered first screen: home, a random category's list or a random
 *   listing's product page, a third each (issue 25);
 * - `F_hello` the bare route; `F_pay` a transfer between two random accounts.
 */
export function requestMixes(pools: Pools, seed: number): Record<string, RequestMix> {
  const prng = createPrng(seed)
  return {
    G1: () => ({ path: listPath(prng.pick(pools.positions)) }),
    F_list: () => ({ path: floorListPath(prng.pick(pools.positions)) }),
    G2_first: () => ({ path: listPath(prng.pick(pools.firstPages)) }),
    G2_deep: () => ({ path: listPath(prng.pick(pools.deep)) }),
    search: () => ({ path: `/api/products?keywords=${encodeURIComponent(prng.pick(pools.keywords))}` }),
    G3: () => ({ path: `/api/products/${prng.pick(pools.listingIds)}` }),
    F_detail: () => ({ path: `/floor/detail/${prng.pick(pools.listingIds)}` }),
    G12: () => {
      const kind = prng.int(0, 2)
      if (kind === 0) return { path: '/pages/index' }
      if (kind === 1) return { path: `/pages/product/list?categoryId=${prng.pick(pools.firstPages).categoryId}` }
      return { path: `/pages/product/goods?id=${prng.pick(pools.listingIds)}` }
    },
    F_hello: () => ({ path: '/floor/hello' }),
    F_pay: () => {
      const fromId = prng.int(1, payAccountCount)
      const toId = ((fromId + prng.int(0, payAccountCount - 2)) % payAccountCount) + 1
      return { method: 'POST', path: '/floor/pay', body: { fromId, toId, amountCents: prng.int(1, 10_000) } }
    },
  }
}
