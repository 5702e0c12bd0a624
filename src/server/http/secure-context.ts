import { isLoopbackAddress } from './loopback.ts'

const isLocalName = (hostname: string) => hostname === 'localhost' || hostname.endsWith('.localhost')

/**
 * Browsers allow the microphone, service workers and push only in a secure context: https, or http on this
 * computer (localhost, 127.0.0.1, ::1). Answers the start-up line that says so plainly when the address people
 * will use is plain http elsewhere, or null when recording works there.
 */
export function recordingAddressWarning({
  publicUrl,
  publicUrlSet,
  host,
}: {
  publicUrl: string
  publicUrlSet: boolean
  host: string
}): string | null {
  const url = new URL(publicUrl)
  const hostname = url.hostname.replace(/^\[|\]$/g, '')
  const fix = 'put Hearth behind an HTTPS proxy such as Caddy and set PUBLIC_URL to its https:// address (docs/deploy.md, "HTTPS")'
  if (url.protocol === 'https:') return null
  if (!isLocalName(hostname) && !isLoopbackAddress(hostname)) {
    return `PUBLIC_URL is ${publicUrl}: browsers refuse the microphone on plain http away from localhost, so nobody who opens this address can record; ${fix}`
  }
  if (!publicUrlSet && host !== 'localhost' && !isLoopbackAddress(host)) {
    return (
      `listening on ${host} over plain http: recording works only in a browser on this computer; ` +
      `phones and other computers that open http://<this computer's address>:${url.port || 80} cannot record; to record on them, ${fix}`
    )
  }
  return null
}
