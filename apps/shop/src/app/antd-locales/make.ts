import enUS from 'antd-mobile/es/locales/en-US'

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] }

/** English as the base, with the texts of the components the shop uses replaced. */
export function makeLocale(overrides: DeepPartial<typeof enUS>): typeof enUS {
  const out = structuredClone(enUS) as Record<string, unknown>
  for (const [key, value] of Object.entries(overrides)) {
    const base = out[key]
    out[key] = base && typeof base === 'object' && typeof value === 'object' ? { ...base, ...value } : value
  }
  return out as typeof enUS
}
