import type { FastifyInstance } from 'fastify'

/**
 * Takes every running slot and every waiting place of the app's image queue with jobs that
 * wait on a gate, so the next image job is refused ('Image processing busy').
 * @returns a function that opens the gate and waits until the queue is empty again
 */
export async function fillImageQueue(app: FastifyInstance): Promise<() => Promise<void>> {
  const queue = app.imageWork
  let open = () => {}
  const gate = new Promise<void>((resolve) => {
    open = resolve
  })
  const holders: Promise<unknown>[] = []
  while (true) {
    const before = queue.running + queue.waiting
    const holder = queue.run(() => gate).catch(() => undefined)
    await Promise.resolve()
    if (queue.running + queue.waiting === before) break
    holders.push(holder)
  }
  return async () => {
    open()
    await Promise.all(holders)
  }
}
