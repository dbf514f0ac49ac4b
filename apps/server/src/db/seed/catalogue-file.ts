import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

/** One category of `categories.json` (see seed/catalogue/README.md). */
export const CatalogueCategory = z.object({
  slug: z.string(),
  name: z.string(),
  parent: z.string().nullable(),
  level: z.union([z.literal(1), z.literal(2)]),
  sort_order: z.number().int(),
  image: z.string(),
})
export type CatalogueCategory = z.infer<typeof CatalogueCategory>

const Variant = z.object({
  sku: z.string(),
  name: z.string(),
  price_cents: z.number().int(),
  stock: z.number().int(),
  attributes: z.record(z.string(), z.string()),
})

/** One product of `products.json`. Prices are US cents; discount is a percent with 2 decimals. */
export const CatalogueProduct = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  brand: z.string().nullable(),
  price_cents: z.number().int(),
  discount_percent: z.number(),
  rating: z.number().nullable(),
  stock: z.number().int(),
  sku: z.string(),
  tags: z.array(z.string()),
  attributes: z.record(z.string(), z.string()),
  images: z.array(z.string()).min(1),
  variants: z.array(Variant),
  source: z.record(z.string(), z.unknown()),
})
export type CatalogueProduct = z.infer<typeof CatalogueProduct>

/** The parsed catalogue and a digest of its two files (to skip an unchanged re-import). */
export interface Catalogue {
  dir: string
  categories: CatalogueCategory[]
  products: CatalogueProduct[]
  sha256: string
}

/** Reads and validates `categories.json` and `products.json` in `dir`. Throws on a bad file. */
export function readCatalogue(dir: string): Catalogue {
  const categoriesText = readFileSync(path.join(dir, 'categories.json'), 'utf8')
  const productsText = readFileSync(path.join(dir, 'products.json'), 'utf8')
  return {
    dir,
    categories: z.array(CatalogueCategory).parse(JSON.parse(categoriesText)),
    products: z.array(CatalogueProduct).parse(JSON.parse(productsText)),
    sha256: createHash('sha256').update(categoriesText).update(productsText).digest('hex'),
  }
}
