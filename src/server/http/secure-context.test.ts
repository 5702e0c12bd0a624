import { describe, expect, it } from 'vitest'
import { recordingAddressWarning } from './secure-context.ts'

describe('recordingAddressWarning', () => {
  it('says nothing for https, or for http on this computer only', () => {
    expect(recordingAddressWarning({ publicUrl: 'https://hearth.home.arpa', publicUrlSet: true, host: '0.0.0.0' })).toBeNull()
    expect(recordingAddressWarning({ publicUrl: 'http://localhost:3000', publicUrlSet: true, host: '127.0.0.1' })).toBeNull()
    expect(recordingAddressWarning({ publicUrl: 'http://127.0.0.1:3000', publicUrlSet: true, host: '0.0.0.0' })).toBeNull()
    expect(recordingAddressWarning({ publicUrl: 'http://localhost:3000', publicUrlSet: false, host: '127.0.0.1' })).toBeNull()
  })

  it('says plainly that nobody can record at a plain http address on the LAN, and what to do', () => {
    const line = recordingAddressWarning({ publicUrl: 'http://192.168.1.20:3000', publicUrlSet: true, host: '0.0.0.0' })
    expect(line).toContain('PUBLIC_URL is http://192.168.1.20:3000')
    expect(line).toContain('nobody who opens this address can record')
    expect(line).toContain('Caddy')
    expect(line).toContain('docs/deploy.md')
    expect(recordingAddressWarning({ publicUrl: 'http://hearth.lan', publicUrlSet: true, host: '0.0.0.0' })).toContain(
      'nobody who opens this address can record',
    )
  })

  it('warns that other devices cannot record when the app listens on every address with PUBLIC_URL unset', () => {
    const line = recordingAddressWarning({ publicUrl: 'http://localhost:3000', publicUrlSet: false, host: '0.0.0.0' })
    expect(line).toContain("phones and other computers that open http://<this computer's address>:3000 cannot record")
    expect(line).toContain('https://')
  })
})
