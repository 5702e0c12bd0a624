import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createIntl } from 'react-intl'
import { ApiRequestError } from '#web/lib/api-client.ts'

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('#web/lib/toast.ts', () => ({ toast }))

const { isCircleFullError, notifyRekindled, notifyRekindleFailed } = await import('./rekindle-toasts.ts')

const circleFull = new ApiRequestError(
  409,
  'CIRCLE_FULL',
  'Your circle is full: you already have 10 active contacts. Archive one to make room.',
)

const intl = createIntl({ locale: 'en', defaultLocale: 'en', messages: {} })

beforeEach(() => {
  toast.success.mockReset()
  toast.error.mockReset()
})

describe('rekindle toasts', () => {
  it('celebrates with the name', () => {
    notifyRekindled(intl, 'Maya')
    expect(toast.success).toHaveBeenCalledWith('Connection rekindled! 💕', {
      description: 'Maya has been restored to your active contacts.',
    })
  })

  it('explains a full circle with the server message', () => {
    expect(isCircleFullError(circleFull)).toBe(true)
    notifyRekindleFailed(intl, circleFull)
    expect(toast.error).toHaveBeenCalledWith('Failed to rekindle', { description: circleFull.message })
  })

  it('uses the generic sentence for other failures', () => {
    notifyRekindleFailed(intl, new ApiRequestError(500, 'INTERNAL', 'boom'))
    expect(toast.error).toHaveBeenCalledWith('Failed to rekindle', {
      description: 'There was an error restoring the contact. Please try again.',
    })
  })
})
