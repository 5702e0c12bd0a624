import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { InvitationPreview } from '#shared/invitations.ts'
import { audioPlayer } from '#web/lib/audio-player/use-audio-player.ts'

vi.mock('#web/lib/use-auth.ts', () => ({ useAuth: () => ({ user: null, loading: false }) }))

const { InviteLandingPage } = await import('./invite-accept-pages.tsx')

const invitation = (patch: Partial<InvitationPreview>): InvitationPreview => ({
  invitation: { id: 'i1', recipient_name: 'Bob', note: null, expires_at: new Date(Date.now() + 86_400_000).toISOString() },
  inviter: { name: 'Ada Lovelace', avatar_url: null },
  invited_email: null,
  transcript: null,
  transcription_status: 'completed',
  personal_message_signed_url: '/api/media/ada/invite.webm?expires=1&signature=s',
  ...patch,
})

function renderLanding(preview: InvitationPreview) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(preview), { status: 200, headers: { 'content-type': 'application/json' } })),
  )
  const router = createMemoryRouter([{ path: '/invite', element: <InviteLandingPage /> }], { initialEntries: ['/invite?token=t0k3n'] })
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  audioPlayer().reset()
})

describe('InviteLandingPage', () => {
  it('shows the words under the player when the server sent a transcript (the engine was sure)', async () => {
    renderLanding(invitation({ transcript: 'Come and join my little circle' }))
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace invited you' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Play message from Ada Lovelace' })).toBeTruthy()
    expect(screen.getByText('Come and join my little circle')).toBeTruthy()
  })

  it('shows only the player when a finished message came without a transcript: no rough words, no note about them', async () => {
    renderLanding(invitation({ transcript: null, transcription_status: 'completed' }))
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace invited you' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Play message from Ada Lovelace' })).toBeTruthy()
    const card = screen.getByRole('heading', { name: 'Ada Lovelace invited you' }).closest('[data-slot=card]')
    expect(card?.textContent).not.toMatch(/transcri|recognised|rough/i)
  })
})
