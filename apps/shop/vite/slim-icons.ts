import type { Plugin } from 'vite'

/** antd-mobile-icons' modules, one icon each (`es/ShopbagOutline.js`). */
const iconModule = /antd-mobile-icons[\\/]es[\\/]\w+\.js$/

/** A number with more than one decimal, inside path data. */
const longDecimal = /-?\d+\.\d{2,}/g

/**
 * Rounds a number of path data to one decimal, as SVG optimisers do: the icons' viewBox is
 * 48 units wide and drawn at 1em, so a tenth of a unit is a 0.05 px shift at 24 px.
 */
function roundPathNumber(text: string): string {
  const rounded = Math.round(Number(text) * 10) / 10
  return String(Object.is(rounded, -0) ? 0 : rounded)
}

/**
 * Slims antd-mobile-icons at build time (BENCH B3): each icon ships its design tool's export,
 * path numbers to 7 decimals and an `id` on every element (in Chinese, escaped). The ids are
 * never referenced (no `url(#…)` or `xlink:href` in the icons) and the numbers are rounded to
 * what can be seen, so the icons draw the same at a third of their weight. Nothing else is
 * touched.
 */
export function slimIcons(): Plugin {
  return {
    name: 'bazaar:slim-icons',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!iconModule.test(id) || /url\(#|xlinkHref|href:/.test(code)) return undefined
      const slim = code
        .replace(/\bid: "[^"]*",\s*/g, '')
        .replace(/,\s*id: "[^"]*"/g, '')
        .replace(/\bd: "([^"]*)"/g, (_, d: string) => `d: "${d.replace(longDecimal, roundPathNumber)}"`)
      return { code: slim, map: null }
    },
  }
}
