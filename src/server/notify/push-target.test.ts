import net from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { canonicalPushEndpoint, deliverPush, isPublicAddress, PushTargetRefused, resolvePushTarget } from './push-target.ts'

describe('isPublicAddress', () => {
  it('takes public IPv4 and global IPv6 unicast addresses', () => {
    for (const address of ['1.1.1.1', '8.8.8.8', '142.250.74.46', '2606:4700:4700::1111', '2a00:1450:4007:80e::200a']) {
      expect(isPublicAddress(address), address).toBe(true)
    }
  })

  it('refuses every address that is not on the public internet, and what is not an address', () => {
    const refused = [
      ['loopback', '127.0.0.1', '127.8.9.10', '::1'],
      ['private', '10.0.0.1', '172.16.5.4', '192.168.1.20'],
      ['link-local (cloud metadata)', '169.254.169.254', 'fe80::1'],
      ['CGNAT', '100.64.0.1', '100.127.255.254'],
      ['multicast and broadcast', '224.0.0.1', '239.255.255.250', 'ff02::1', '255.255.255.255'],
      ['unspecified', '0.0.0.0', '0.1.2.3', '::'],
      ['reserved and documentation', '192.0.0.8', '192.0.2.1', '198.18.0.1', '240.0.0.1', '2001:db8::1'],
      ['IPv6 unique-local', 'fc00::1', 'fd12:3456:789a::1'],
      ['another address inside IPv6', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::127.0.0.1', '2002:7f00:1::1', '64:ff9b::a00:1', '2001::1'],
      ['no address', 'localhost', '', 'push.example', '1.2.3'],
    ]
    for (const [, ...addresses] of refused) for (const address of addresses) expect(isPublicAddress(address), address).toBe(false)
  })
})

describe('canonicalPushEndpoint', () => {
  /** Endpoints a client may spell differently, each with the one form it is stored and compared in. */
  const SPELLINGS: [string, string][] = [
    ['https://fcm.googleapis.com/fcm/send/abc', 'https://fcm.googleapis.com/fcm/send/abc'],
    ['https://fcm.googleapis.com/fcm/send/abc?', 'https://fcm.googleapis.com/fcm/send/abc'],
    ['https://fcm.googleapis.com:443/fcm/send/abc', 'https://fcm.googleapis.com/fcm/send/abc'],
    ['HTTPS://FCM.GoogleAPIs.com:443/fcm/send/abc?#', 'https://fcm.googleapis.com/fcm/send/abc'],
    ['https://push.example.net/x#fragment', 'https://push.example.net/x'],
    ['https://push.example.net', 'https://push.example.net/'],
    ['http://push.example.net:80/x', 'http://push.example.net/x'],
    // what differs stays different: the path's case, a query with something in it, another port
    ['https://push.example.net/ABC', 'https://push.example.net/ABC'],
    ['https://push.example.net/x?id=1', 'https://push.example.net/x?id=1'],
    ['https://push.example.net:8443/x', 'https://push.example.net:8443/x'],
  ]

  it('gives one form to the spellings of one endpoint, and keeps what makes another endpoint', () => {
    for (const [spelled, canonical] of SPELLINGS) expect(canonicalPushEndpoint(spelled), spelled).toBe(canonical)
  })

  it('answers what is not a URL unchanged (subscribing refuses it)', () => {
    expect(canonicalPushEndpoint('not a url')).toBe('not a url')
  })
})

describe('resolvePushTarget', () => {
  const refusedFor = async (endpoint: string, policy = {}) => {
    try {
      await resolvePushTarget(endpoint, policy)
      return null
    } catch (error) {
      return error instanceof PushTargetRefused ? error.message : `unexpected: ${String(error)}`
    }
  }

  it('refuses plain http, other schemes, credentials and addresses that are not public, after resolving the name', async () => {
    for (const endpoint of [
      'http://push.example/abc',
      'http://127.0.0.1:9/push',
      'ftp://1.1.1.1/x',
      'https://user:secret@1.1.1.1/x',
      'https://127.0.0.1:4443/push',
      'https://10.0.0.1/',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/',
      'https://[::1]/',
      'https://[fd00::1]/',
      'https://[fe80::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:a9fe:a9fe]/',
      'https://0.0.0.0/',
      'https://2130706433/',
      'https://localhost/',
      'not a url',
    ]) {
      expect(await refusedFor(endpoint), endpoint).toEqual(expect.any(String))
      expect(await refusedFor(endpoint), endpoint).not.toMatch(/^unexpected/)
    }
  })

  it('checks a public literal address, and lets exactly the test origin through when one is given', async () => {
    expect(await resolvePushTarget('https://1.1.1.1/push/abc')).toMatchObject({ address: { address: '1.1.1.1', family: 4 } })
    expect(await resolvePushTarget('http://127.0.0.1:4000/push/a', { testOrigin: 'http://127.0.0.1:4000' })).toMatchObject({
      address: null,
    })
    expect(await refusedFor('http://127.0.0.1:4001/push/a', { testOrigin: 'http://127.0.0.1:4000' })).toBe('not https')
  })
})

describe('deliverPush', () => {
  const connections: string[] = []
  const server = net.createServer((socket) => {
    socket.once('data', (hello: Buffer) => {
      // the TLS ClientHello names the server (SNI) in clear
      connections.push(hello.toString('latin1'))
      socket.destroy()
    })
  })
  const listening = new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  )
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('connects to the checked address, never to what the name resolves to now, and keeps the name for TLS', async () => {
    const port = await listening
    // a name that resolves nowhere: the only way to reach the listener is the pinned address
    const target = { url: new URL(`https://push.invalid:${port}/push/x`), address: { address: '127.0.0.1', family: 4 as const } }
    await expect(deliverPush(target, { method: 'POST', headers: {}, body: null, timeoutMs: 5_000 })).rejects.toThrow()
    expect(connections).toHaveLength(1)
    expect(connections[0]).toContain('push.invalid')
  })
})
