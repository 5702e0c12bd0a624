import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PUSH_TEXTS } from '#shared/notifications-texts.ts'
import { toast } from '#web/lib/toast.ts'
import { PushBanner } from './push-banner.tsx'

/** A browser that can do push, whose person has not decided, and whose service worker is still installing. */
function installUndecidedBrowser(answer: NotificationPermission) {
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: new Promise(() => undefined) } })
  vi.stubGlobal('PushManager', class {})
  const requestPermission = vi.fn(async () => answer)
  vi.stubGlobal('Notification', { permission: 'default', requestPermission })
  return requestPermission
}

beforeEach(() => localStorage.clear())

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('PushBanner', () => {
  it('is there on its first render, without waiting for the service worker', () => {
    installUndecidedBrowser('default')
    render(<PushBanner />)
    expect(screen.getByRole('region', { name: PUSH_TEXTS.bannerTitle })).toBeTruthy()
  })

  it('asks for the permission within the tap on Enable; a refusal hides it and says so', async () => {
    const requestPermission = installUndecidedBrowser('denied')
    const error = vi.spyOn(toast, 'error')
    render(<PushBanner />)
    fireEvent.click(screen.getByRole('button', { name: PUSH_TEXTS.enable }))
    expect(requestPermission).toHaveBeenCalledOnce()
    await waitFor(() => expect(screen.queryByRole('region', { name: PUSH_TEXTS.bannerTitle })).toBeNull())
    await waitFor(() => expect(error).toHaveBeenCalledWith(PUSH_TEXTS.toasts.blocked[0], { description: PUSH_TEXTS.toasts.blocked[1] }))
  })
})
