import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import { AppError } from '../../platform/errors.ts'

/**
 * Whether an address is one a webhook may reach: a public unicast address. Loopback,
 * link-local (169.254.0.0/16: cloud metadata endpoints), RFC 1918, carrier-grade NAT,
 * unique-local and the other reserved ranges, and IPv4 inside IPv6 (::ffff:127.0.0.1) are
 * not (ipaddr.js's ranges; the same rule as request-filtering-agent, which guards the
 * connection itself).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  return ipaddr.parse(address).range() === 'unicast'
}

/**
 * Checks an endpoint URL before it is saved (issue 24): https:// (http:// only with
 * `allowPrivate`), no user or password in it, a host that resolves, and every address it
 * resolves to public unless `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE). The delivery checks the
 * address it connects to again (delivery.ts), so a name that later resolves elsewhere
 * (DNS rebinding) is refused then.
 * @returns the URL as the server will call it
 * @throws 'Webhook URL not allowed'
 */
export async function checkEndpointUrl(raw: string, allowPrivate: boolean): Promise<string> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new AppError('Webhook URL not allowed')
  }
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:']
  if (!schemes.includes(url.protocol) || url.username || url.password || !url.hostname) throw new AppError('Webhook URL not allowed')
  if (allowPrivate) return url.toString()
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true, verbatim: true }).then(
        (a) => a.map((r) => r.address),
        () => [],
      )
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) throw new AppError('Webhook URL not allowed')
  return url.toString()
}
