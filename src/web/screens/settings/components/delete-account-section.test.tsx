import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADMIN_TEXTS, type HearthRole } from '#shared/admin.ts'
import { ACCOUNT_TEXTS } from '#shared/account.ts'

vi.mock('#web/lib/use-auth.ts', () => ({ useAuth: () => ({ user: { id: 'me' }, loading: false, signOut: vi.fn() }) }))

const { DeleteAccountSection } = await import('./delete-account-section.tsx')

/** The section, with GET /api/me/role answering `role`. */
function renderSection(role: HearthRole) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) !== '/api/me/role') throw new Error(`unexpected request ${String(input)}`)
      return new Response(JSON.stringify(role), { status: 200, headers: { 'content-type': 'application/json' } })
    }),
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DeleteAccountSection />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return client
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('DeleteAccountSection', () => {
  it('tells the owner who will look after this Hearth next, by the name the server gives', async () => {
    renderSection({ owner: true, next_owner_name: 'Nell Next' })
    expect(await screen.findByText(ADMIN_TEXTS.nextOwner('Nell Next'))).toBeTruthy()
    expect(ADMIN_TEXTS.nextOwner('Nell Next')).toBe('If you delete your account, Nell Next will look after this Hearth next.')
  })

  it('tells the owner plainly when nobody could look after it', async () => {
    renderSection({ owner: true, next_owner_name: null })
    expect(await screen.findByText(ADMIN_TEXTS.noNextOwner)).toBeTruthy()
  })

  it('says nothing of it to anyone else', async () => {
    const client = renderSection({ owner: false, next_owner_name: null })
    expect(await screen.findByRole('button', { name: ACCOUNT_TEXTS.deleteButton })).toBeTruthy()
    // the role has been read by now: the section's one request
    await vi.waitFor(() => {
      expect(vi.mocked(fetch)).toHaveBeenCalledOnce()
      expect(client.isFetching()).toBe(0)
    })
    expect(screen.queryByText(/look after this Hearth/)).toBeNull()
  })
})
