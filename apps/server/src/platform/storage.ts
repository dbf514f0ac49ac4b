import { randomBytes } from 'node:crypto'
import { createReadStream, type ReadStream } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** Private file storage behind one interface (ARCHITECTURE.md, Uploads); local disk today. */
export interface Storage {
  /** Stores bytes under a new random key and returns the key. */
  put(bytes: Buffer, extension: string): Promise<string>
  read(key: string): ReadStream
  remove(key: string): Promise<void>
}

/** Disk storage under `rootDir` (`<DATA_DIR>/uploads`); keys are `<yyyy-mm>/<random>.<ext>`. */
export function diskStorage(rootDir: string): Storage {
  const resolve = (key: string) => {
    const file = path.resolve(rootDir, key)
    if (!file.startsWith(path.resolve(rootDir) + path.sep)) throw new Error(`bad storage key ${key}`)
    return file
  }
  return {
    async put(bytes, extension) {
      const key = `${new Date().toISOString().slice(0, 7)}/${randomBytes(16).toString('hex')}.${extension}`
      const file = resolve(key)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(`${file}.tmp`, bytes)
      await rename(`${file}.tmp`, file)
      return key
    },
    read: (key) => createReadStream(resolve(key)),
    remove: (key) => rm(resolve(key), { force: true }),
  }
}
