import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { lastCodeFor } from '../apps/server/src/test/outbox.ts'

/**
 * Peak memory of the server under concurrent large image uploads (ARCHITECTURE.md, Uploads:
 * bounded in bytes and pixels). Starts the real server (`apps/server/src/main.ts`, SQLite in a
 * temporary folder), registers a buyer, then sends `--concurrency` uploads at once of a JPEG
 * of `--megapixels` (default: 10 × 39.9 MP, just under the old limit, then 10 × 23.9 MP, just
 * under the published one),
 * and reads the server's peak resident memory (VmHWM of /proc/<pid>/status) before and after.
 * Figures go to stdout; they are never asserted.
 *
 *   node --import tsx bench/uploads.ts [--concurrency=10] [--megapixels=39.9,23.9] [--format=jpeg|png|webp]
 */
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')))
const concurrency = Number(args.concurrency ?? 10)
const sizes = String(args.megapixels ?? '39.9,23.9')
  .split(',')
  .map(Number)
const format = String(args.format ?? 'jpeg') as 'jpeg' | 'png' | 'webp'
const port = 8190 + Math.floor(Math.random() * 100)
const base = `http://127.0.0.1:${port}`

/** Resident and peak resident memory of a process, in MB (Linux). */
function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? 0)
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) }
}

/** Resets the kernel's peak counter (VmHWM) of a process, so each round reads its own peak. */
async function resetPeak(pid: number): Promise<void> {
  const { writeFile } = await import('node:fs/promises')
  await writeFile(`/proc/${pid}/clear_refs`, '5').catch(() => undefined)
}

async function waitForServer(child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('server did not start')
}

async function post(pathname: string, body: object, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return (await res.json()) as { code: number; msg: string; data: { token?: string } }
}

/** An image of about `megapixels` million pixels (3:2) in `--format` (one colour: small file, full decode). */
async function imageOf(megapixels: number): Promise<Buffer> {
  const width = Math.round(Math.sqrt((megapixels * 1e6 * 3) / 2))
  const height = Math.round((megapixels * 1e6) / width)
  return sharp({ create: { width, height, channels: 3, background: '#6a8caf' } })
    .toFormat(format, format === 'png' ? {} : { quality: 60 })
    .toBuffer()
}

async function upload(token: string, bytes: Buffer): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)]), `proof.${format}`)
  const res = await fetch(`${base}/api/uploads`, { method: 'POST', headers: { token }, body: form })
  const reply = (await res.json()) as { msg: string }
  return `${res.status} ${reply.msg}`
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bazaar-uploads-bench-'))
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_FACTOR: '100' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
try {
  await waitForServer(child)
  const pid = child.pid ?? 0
  const email = 'bench-uploader@example.com'
  await post('/api/auth/codes', { purpose: 'register', email })
  const code = await lastCodeFor(dataDir, email)
  const session = await post('/api/auth/register', { email, password: 'bench-password-1', code, agreed: true })
  const token = session.data.token ?? ''
  console.log(`server pid ${pid}, idle: ${JSON.stringify(memoryOf(pid))}`)
  for (const megapixels of sizes) {
    const bytes = await imageOf(megapixels)
    await resetPeak(pid)
    const before = memoryOf(pid)
    const started = performance.now()
    const answers = await Promise.all(Array.from({ length: concurrency }, () => upload(token, bytes)))
    const ms = Math.round(performance.now() - started)
    const after = memoryOf(pid)
    const counted = [...new Set(answers)].map((a) => [a, answers.filter((x) => x === a).length] as const)
    console.log(
      `${concurrency} × ${megapixels} MP ${format} (${(bytes.length / 1e6).toFixed(1)} MB): RSS ${before.rssMb} → peak ${after.peakMb} MB ` +
        `(now ${after.rssMb} MB) in ${ms} ms; answers ${counted.map(([a, n]) => `${n}× ${a}`).join(', ')}`,
    )
  }
} finally {
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
  rmSync(dataDir, { recursive: true, force: true })
}
