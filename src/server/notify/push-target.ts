import dns from 'node:dns/promises'
import { isIP, type LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'

// node:http and node:https as node's own modules rather than ES imports: importing node:http as an ES module reads all
// its exports, whose WebSocket loads node's fetch (undici, 13 MiB of an idle server's memory; decision 184)
const http = process.getBuiltinModule('node:http')
const https = process.getBuiltinModule('node:https')

/**
 * A push subscription's endpoint is a URL a browser chose and the server posts to, so it must not reach anything
 * that is not on the public internet: no loopback, private, link-local, CGNAT, multicast, unspecified or reserved
 * address, no IPv6 unique-local or link-local, and no IPv6 form that carries another address inside (v4-mapped,
 * 6to4, NAT64, Teredo). The check runs on every address the name resolves to, when subscribing and again on every
 * delivery, and the delivery connects to the address that was checked (see docs/security.md, decision 122).
 */
export class PushTargetRefused extends Error {}

/**
 * Where pushes may go. `testOrigin` lets one origin through unchecked, over http too: the tests' local push service
 * on loopback. Only tests set it (through buildApp's options); `npm start` never does, whatever NODE_ENV says.
 */
export type PushTargetPolicy = { testOrigin?: string }

/** A checked endpoint: its URL, and the address the delivery connects to (null: the test origin, connected as named). */
export type PushTarget = { url: URL; address: { address: string; family: 4 | 6 } | null }

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3')
const LOOKUP_TIMEOUT_MS = 5_000

/** Whether an address is one of the public internet's (only ipaddr.js's `unicast` range, and 2000::/3 for IPv6). */
export function isPublicAddress(address: string): boolean {
  // only the canonical forms a resolver answers (ipaddr.js alone also reads `1.2.3` or `0x7f.1`)
  if (isIP(address) === 0) return false
  const parsed = ipaddr.parse(address)
  if (parsed.range() !== 'unicast') return false
  return parsed.kind() === 'ipv4' || parsed.match(GLOBAL_UNICAST_V6)
}

async function lookUpAll(hostname: string): Promise<{ address: string; family: number }[]> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PushTargetRefused('the push service name did not resolve in time')), LOOKUP_TIMEOUT_MS)
  })
  try {
    return await Promise.race([dns.lookup(hostname, { all: true, verbatim: true }), timeout])
  } catch (error) {
    if (error instanceof PushTargetRefused) throw error
    throw new PushTargetRefused('the push service name does not resolve', { cause: error })
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The one form an endpoint is stored and compared in (decision 201), so that one push endpoint is one subscription
 * with one owner however a client spells it: the URL parser's form (scheme and host in lower case, the default port
 * dropped, an empty path as "/"), without an empty query and without a fragment (never sent to the push service).
 * A value that is not a URL is answered unchanged: subscribing refuses it, and it matches no stored endpoint.
 * Migration 0028 brought the endpoints stored before to this form.
 */
export function canonicalPushEndpoint(endpoint: string): string {
  if (!URL.canParse(endpoint)) return endpoint
  const url = new URL(endpoint)
  url.hash = ''
  // an empty query ("?") is dropped; a query with anything in it stays as it is
  if (url.search === '') url.search = ''
  return url.href
}

/** Checks an endpoint now: https, a name whose every address is public. Throws PushTargetRefused otherwise. */
export async function resolvePushTarget(endpoint: string, policy: PushTargetPolicy = {}): Promise<PushTarget> {
  const url = URL.canParse(endpoint) ? new URL(endpoint) : null
  if (!url) throw new PushTargetRefused('not a URL')
  if (policy.testOrigin && url.origin === policy.testOrigin) return { url, address: null }
  if (url.protocol !== 'https:') throw new PushTargetRefused('not https')
  if (url.username || url.password) throw new PushTargetRefused('credentials in the URL')
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const addresses = await lookUpAll(hostname)
  const [first] = addresses
  if (!first) throw new PushTargetRefused('the push service name has no address')
  const refused = addresses.find((entry) => !isPublicAddress(entry.address))
  if (refused) throw new PushTargetRefused(`the push service resolves to a non-public address (${refused.address})`)
  return { url, address: { address: first.address, family: first.family === 6 ? 6 : 4 } }
}

/** A lookup that answers the checked address whatever name it is asked for, so a second resolution cannot swap it. */
export function pinnedLookup(pinned: { address: string; family: 4 | 6 }): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned])
    else callback(null, pinned.address, pinned.family)
  }
}

export type PushRequest = { method: string; headers: Record<string, string>; body: Uint8Array | null; timeoutMs: number }

/**
 * Posts to a checked target and answers the status. The connection goes to the checked address (the TLS name and the
 * certificate check stay the URL's host); no redirect is followed.
 */
export function deliverPush(target: PushTarget, request: PushRequest): Promise<number> {
  const options = { method: request.method, headers: request.headers, signal: AbortSignal.timeout(request.timeoutMs) }
  return new Promise((resolve, reject) => {
    const sent = target.address
      ? https.request(target.url, { ...options, agent: new https.Agent({ lookup: pinnedLookup(target.address), keepAlive: false }) })
      : (target.url.protocol === 'https:' ? https : http).request(target.url, options)
    sent.on('response', (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
      response.on('error', reject)
    })
    sent.on('error', reject)
    sent.end(request.body ?? undefined)
  })
}
