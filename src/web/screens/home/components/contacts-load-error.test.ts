import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import { ApiRequestError } from '#web/lib/api-client.ts'
import { contactsLoadError } from './contacts-load-error.ts'

const intl = createIntl({ locale: 'en', defaultLocale: 'en', messages: {} })

describe('contactsLoadError', () => {
  const timeout = new ApiRequestError(0, 'TIMEOUT', 'Request timeout')

  it('asks to check the connection when a time-out leaves nothing loaded', () => {
    expect(contactsLoadError(intl, timeout, false)).toEqual({
      message: 'Loading is taking longer than expected. Please check your connection.',
    })
  })

  it('says Request timeout when contacts are already shown', () => {
    expect(contactsLoadError(intl, timeout, true)).toEqual({ message: 'Request timeout' })
  })

  it('shows the server message under Failed to load contacts', () => {
    expect(contactsLoadError(intl, new ApiRequestError(500, 'INTERNAL', 'Database unavailable'), false)).toEqual({
      message: 'Failed to load contacts',
      detail: 'Database unavailable',
    })
  })

  it('falls back to Failed to load contacts alone', () => {
    expect(contactsLoadError(intl, new Error(''), false)).toEqual({ message: 'Failed to load contacts', detail: undefined })
  })
})
