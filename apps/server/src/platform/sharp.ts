import type SharpConstructor from 'sharp'

type Sharp = typeof SharpConstructor

let loaded: Promise<Sharp> | undefined

/**
 * sharp, loaded at its first use instead of at the server's start: its native module and
 * libvips cost about 120 ms of CPU to load (measured at load 13), and a second start serves
 * /healthz without decoding an image (BENCH G11). Loaded once, with libvips set to one thread
 * per image and no operation cache (platform/image-work.ts says why).
 * @returns sharp's default export (call it as `sharp(input)`)
 */
export function loadSharp(): Promise<Sharp> {
  if (!loaded) {
    loaded = import('sharp').then(({ default: sharp }) => {
      sharp.concurrency(1)
      sharp.cache(false)
      return sharp
    })
  }
  return loaded
}
