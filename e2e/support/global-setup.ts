import { mkdir, rm } from 'node:fs/promises'
import { logInDemoMerchants } from './accounts'
import { e2eRunDir } from './env'

/** Once per run, after the server is up: a fresh folder for the workers' shared state, and the demo merchants' sessions. */
export default async function globalSetup(): Promise<void> {
  await rm(e2eRunDir, { recursive: true, force: true })
  await mkdir(e2eRunDir, { recursive: true })
  await logInDemoMerchants()
}
