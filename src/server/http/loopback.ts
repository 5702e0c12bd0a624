import type { FastifyRequest } from 'fastify'

/** Headers a reverse proxy adds; their presence means the socket's peer is a proxy, not the person. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const

/** Whether an address is this machine (127.0.0.0/8, ::1, and IPv4 loopback mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)
}

/**
 * Whether the request comes straight from this machine. It reads the socket's own peer address, never a
 * header a client can write, and refuses anything relayed by a proxy on this machine (which would otherwise make
 * every visitor look local).
 */
export function isDirectLoopbackRequest(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false
  return isLoopbackAddress(request.socket.remoteAddress)
}
