import { describe, expect, it } from 'vitest'
import { AppError } from './errors.ts'
import { createWorkQueue } from './work-queue.ts'

/** A job that runs until `finish` is called, recording when it started. */
function heldJob(log: string[], name: string) {
  let finish: (fail?: boolean) => void = () => {}
  const job = () =>
    new Promise<string>((resolve, reject) => {
      log.push(`start ${name}`)
      finish = (fail) => (fail ? reject(new Error(name)) : resolve(name))
    })
  return { job, finish: (fail?: boolean) => finish(fail) }
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('createWorkQueue', () => {
  it('runs at most `concurrency` jobs, starts the waiting ones in arrival order, and refuses beyond `maxWaiting`', async () => {
    const queue = createWorkQueue({ concurrency: 2, maxWaiting: 2, busyKey: 'Image processing busy' })
    const log: string[] = []
    const jobs = ['a', 'b', 'c', 'd'].map((name) => heldJob(log, name))
    const settled = Promise.allSettled(jobs.map(({ job }) => queue.run(job)))
    await tick()
    expect(log).toEqual(['start a', 'start b'])
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 2, waiting: 2 })

    const refused = await queue.run(async () => 'e').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({ key: 'Image processing busy', statusCode: 503 })

    jobs[1]?.finish()
    await tick()
    expect(log).toEqual(['start a', 'start b', 'start c'])
    jobs[0]?.finish(true)
    await tick()
    expect(log.at(-1)).toBe('start d')
    jobs[2]?.finish()
    jobs[3]?.finish()
    expect(await settled).toMatchObject([
      { status: 'rejected' },
      { status: 'fulfilled', value: 'b' },
      { status: 'fulfilled', value: 'c' },
      { status: 'fulfilled', value: 'd' },
    ])
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 })
  })

  it('refuses at once when nothing may wait and every slot is taken', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0, busyKey: 'Image processing busy' })
    const held = heldJob([], 'a')
    const first = queue.run(held.job)
    await expect(queue.run(async () => 'b')).rejects.toMatchObject({ key: 'Image processing busy' })
    held.finish()
    expect(await first).toBe('a')
    expect(await queue.run(async () => 'c')).toBe('c')
  })
})
