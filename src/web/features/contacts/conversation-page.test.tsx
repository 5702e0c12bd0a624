import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Contact } from '#shared/contacts.ts'

vi.mock('#web/app/auth-provider.tsx', () => ({ useAuth: () => ({ user: { id: 'me' }, loading: false }) }))

const { ConversationPage } = await import('./conversation-page.tsx')
const { ContactDetailPage } = await import('./contact-detail-page.tsx')

const contact: Contact = {
  id: 'c1',
  name: 'Maya Ortiz',
  avatar_url: null,
  contact_user_id: 'u1',
  display_order: 1,
  last_interaction: '2025-01-01T00:00:00.000Z',
  last_reply_from_them: null,
  consecutive_messages_sent: 0,
  archived_at: null,
  is_active: true,
  inactive_days: 42,
  unread_count: 0,
}

function renderAt(url: string, status: number, body: unknown) {
  const json = (data: unknown, code: number) => new Response(JSON.stringify(data), { status: code, headers: { 'content-type': 'application/json' } })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => (String(input).endsWith('/messages') ? json({ messages: [] }, 200) : json(body, status))),
  )
  const router = createMemoryRouter(
    [
      { path: '/contacts/:id', element: <ConversationPage /> },
      { path: '/contacts/profile/:contactId', element: <ContactDetailPage /> },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: [url] },
  )
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

const notFound = { error: { code: 'NOT_FOUND', message: 'Contact not found.' } }

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('ConversationPage', () => {
  it('shows the contact, the links and an empty conversation', async () => {
    renderAt('/contacts/c1', 200, contact)
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Ortiz' })).toBeTruthy()
    expect(screen.getByText('0 messages')).toBeTruthy()
    expect(screen.getByRole('link', { name: "Maya Ortiz's public profile" }).getAttribute('href')).toBe('/u/u1')
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/contacts/profile/c1')
    expect(screen.getByRole('link', { name: 'Record' }).getAttribute('href')).toBe('/record/c1')
    expect(await screen.findByText('No messages yet')).toBeTruthy()
  })

  it('goes home for an unknown contact, replacing history', async () => {
    const router = renderAt('/contacts/nope', 404, notFound)
    expect(await screen.findByText('home page')).toBeTruthy()
    expect(router.state.historyAction).toBe('REPLACE')
  })
})

describe('ContactDetailPage', () => {
  it('shows who the contact is and where to go next', async () => {
    renderAt('/contacts/profile/c1', 200, contact)
    expect(screen.getByText('Loading contact profile...')).toBeTruthy()
    expect(await screen.findByRole('heading', { level: 1, name: 'You & Maya Ortiz' })).toBeTruthy()
    expect(screen.getByText('Inactive for 42 days')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'View public profile' }).getAttribute('href')).toBe('/profile/u1')
    expect(screen.getByRole('link', { name: 'Open conversation' }).getAttribute('href')).toBe('/contacts/c1')
    expect(screen.getByRole('heading', { name: 'Conversation (0)' })).toBeTruthy()
  })

  it('offers Try Again and Go Back when loading fails, and goes home for an unknown id', async () => {
    renderAt('/contacts/profile/c1', 500, { error: { code: 'INTERNAL', message: 'Database is asleep' } })
    expect(await screen.findByText('Failed to load contacts')).toBeTruthy()
    expect(screen.getByText('Database is asleep')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy()
    cleanup()
    renderAt('/contacts/profile/nope', 404, notFound)
    expect(await screen.findByText('home page')).toBeTruthy()
  })
})
