import { describe, expect, it } from 'vitest'
import { isLoopbackAddress } from './loopback.ts'

describe('isLoopbackAddress', () => {
  it('knows this machine in IPv4, IPv6 and IPv4 mapped into IPv6', () => {
    for (const address of ['127.0.0.1', '127.12.0.9', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address)).toBe(true)
  })

  it('refuses every other address, and none at all', () => {
    for (const address of [
      '0.0.0.0',
      '192.168.1.20',
      '10.0.0.1',
      '::',
      '::ffff:192.168.1.2',
      '2001:db8::1',
      '127.0.0.1.evil',
      'localhost',
      '',
      undefined,
    ]) {
      expect(isLoopbackAddress(address)).toBe(false)
    }
  })
})
