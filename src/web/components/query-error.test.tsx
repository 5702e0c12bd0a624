import { cleanup, render, screen } from '@testing-library/react'
import { IntlProvider } from 'react-intl'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import french from '#web/i18n/messages/fr.json'
import { ApiRequestError } from '#web/lib/api-client.ts'
import { QueryErrorFor } from './query-error.tsx'

const failed = (error: Error) => ({ error, isFetching: false, refetch: vi.fn() })
const storeAway = new ApiRequestError(
  503,
  'STORAGE_UNAVAILABLE',
  "Hearth can't reach its storage right now. Please try again in a little while.",
  'error.api.storageUnavailable',
)

afterEach(cleanup)

describe('QueryErrorFor', () => {
  it("shows the refusal under the message in the reader's language", () => {
    const inFrench = ({ children }: { children: ReactNode }) => (
      <IntlProvider locale="fr" defaultLocale="en" messages={french}>
        {children}
      </IntlProvider>
    )
    render(<QueryErrorFor query={failed(storeAway)} message="Impossible de charger" />, { wrapper: inFrench })
    expect(
      screen.getByText('Hearth ne parvient pas à joindre son stockage pour l’instant. Veuillez réessayer un peu plus tard.'),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy()
  })

  it("shows the server's English in English, and an error without a reason as it came", () => {
    const { unmount } = render(<QueryErrorFor query={failed(storeAway)} message="Failed to load" />)
    expect(screen.getByText(storeAway.message)).toBeTruthy()
    unmount()
    render(<QueryErrorFor query={failed(new Error('Something odd'))} message="Failed to load" />)
    expect(screen.getByText('Something odd')).toBeTruthy()
  })
})
