import { mkdir, rm } from 'node:fs/promises'
import { logInDemoMerchants } from './accounts'
import { e2eRunDir } from './env'
import { fundDemoMerchants } from './wallet'

/**
 * Once per run, after the server is up: a fresh folder for the workers' shared state, the demo
 * merchants' sessions, and their money to ship with (5,000 USDT each).
 */
export default async function globalSetup(): Promise<void> {
  await rm(e2eRunDir, { recursive: true, force: true })
  await mkdir(e2eRunDir, { recursive: true })
  await logInDemoMerchants()
  await fundDemoMerchants(500_000)
}
