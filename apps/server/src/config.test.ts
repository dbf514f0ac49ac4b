import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('has embedded defaults for every setting, so an empty environment starts the shop', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'production', TRUST_PROXY: false })
    expect(config.DATA_DIR).toBe(path.resolve('./data'))
    expect(config.DATABASE_URL).toBeUndefined()
  })

  it('reads the environment and names the variable at fault', () => {
    const secret = 'a'.repeat(64)
    expect(loadConfig({ PORT: '9000', DATABASE_URL: 'postgres://u@h/db', PIN_SECRET: secret, TRUST_PROXY: 'true' })).toMatchObject({
      PORT: 9000,
      DATABASE_URL: 'postgres://u@h/db',
      TRUST_PROXY: true,
    })
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
    expect(() => loadConfig({ PLATFORM_TIME_ZONE: 'Mars/Olympus' })).toThrow(/PLATFORM_TIME_ZONE/)
    expect(loadConfig({ PLATFORM_TIME_ZONE: 'Asia/Dubai' }).PLATFORM_TIME_ZONE).toBe('Asia/Dubai')
    expect(loadConfig({}).PLATFORM_TIME_ZONE).toBe('UTC')
  })

  it('refuses to start PostgreSQL (several nodes) without a shared PIN_SECRET, and says how to make one', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(
      /PIN_SECRET is required with DATABASE_URL.*openssl rand -hex 32/,
    )
  })
})
