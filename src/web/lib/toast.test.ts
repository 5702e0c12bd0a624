import { describe, expect, it, vi } from 'vitest'

// a fresh module per test: the facade keeps whether the Toaster is there
const load = async () => {
  vi.resetModules()
  return import('./toast.ts')
}

function fakeSonner() {
  const said: unknown[][] = []
  const record =
    (kind: string) =>
    (...args: unknown[]) => {
      said.push([kind, ...args])
      return (args[1] as { id?: string } | undefined)?.id ?? `sonner-${said.length}`
    }
  const toast = Object.assign(record('message'), { success: record('success'), error: record('error'), loading: record('loading') })
  return { said, toast: toast as unknown as Parameters<Awaited<ReturnType<typeof load>>['toasterReady']>[0] }
}

describe('toast', () => {
  it('holds what is said before the Toaster is there, asks for it, and shows it in order under the same id', async () => {
    const { toast, toasterReady, onToastWaiting } = await load()
    const wanted = vi.fn()
    onToastWaiting(wanted)
    const id = toast.loading('Sending...')
    toast.success('Sent', { id, description: 'Sent to Ada' })
    toast('Transcribing again')
    expect(wanted).toHaveBeenCalled()
    const sonner = fakeSonner()
    toasterReady(sonner.toast)
    expect(sonner.said).toEqual([
      ['loading', 'Sending...', { id }],
      ['success', 'Sent', { id, description: 'Sent to Ada' }],
      ['message', 'Transcribing again', { id: expect.any(String) }],
    ])
  })

  it('goes straight to Sonner once the Toaster listens', async () => {
    const { toast, toasterReady } = await load()
    const sonner = fakeSonner()
    toasterReady(sonner.toast)
    expect(toast.error('Failed to send', { description: 'Offline' })).toBe('sonner-1')
    expect(sonner.said).toEqual([['error', 'Failed to send', { description: 'Offline' }]])
  })

  it('asks for the Toaster at once when a toast already waits', async () => {
    const { toast, onToastWaiting } = await load()
    toast.error('Playback Error')
    const wanted = vi.fn()
    onToastWaiting(wanted)
    expect(wanted).toHaveBeenCalledTimes(1)
  })
})
