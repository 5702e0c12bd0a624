import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PublicConfig } from '#shared/public-config.ts'

const auth = vi.hoisted(() => ({
  signInEmail: vi.fn(),
  signUpEmail: vi.fn(),
  requestPasswordReset: vi.fn(),
  social: vi.fn(),
}))

vi.mock('#web/lib/auth-client.ts', () => ({
  authClient: {
    signIn: { email: auth.signInEmail, social: auth.social },
    signUp: { email: auth.signUpEmail },
    requestPasswordReset: auth.requestPasswordReset,
  },
}))

const { AuthCard } = await import('./auth-card.tsx')
const invitationOnly: PublicConfig = { googleSignInEnabled: false, devMailboxEnabled: false, signUpMode: 'invitation' }

function renderCard(
  url = '/auth',
  config: PublicConfig = { googleSignInEnabled: false, devMailboxEnabled: false, signUpMode: 'open' },
  props: Partial<React.ComponentProps<typeof AuthCard>> = {},
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(config), { status: 200, headers: { 'content-type': 'application/json' } })),
  )
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <AuthCard variant="full" {...props} /> },
      { path: '/auth/invite', element: <p>invitation page</p> },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: [url] },
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

beforeEach(() => {
  for (const fn of Object.values(auth)) fn.mockReset()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('AuthCard', () => {
  it('shows field errors as alerts tied to their fields', async () => {
    renderCard()
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    const alert = await screen.findByText('Email is required')
    expect(alert.getAttribute('role')).toBe('alert')
    const email = screen.getByLabelText('Email')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(email.getAttribute('aria-describedby')).toBe(alert.id)
    expect(auth.signInEmail).not.toHaveBeenCalled()
  })

  it('says a Hearth by invitation only takes people by invitation, instead of a sign-up that could only fail', async () => {
    renderCard('/auth', invitationOnly, { initialMode: 'sign-up' })
    expect(await screen.findByText('By invitation only')).toBeTruthy()
    expect(screen.queryByRole('button', { name: "Don't have an account? Sign up" })).toBeNull()
    expect(screen.queryByLabelText('Full name')).toBeNull()
    cleanup()
    // an invitation's link carries its token: its sign-up stays
    renderCard('/auth?invite_token=abc', invitationOnly)
    fireEvent.click(await screen.findByRole('button', { name: "Don't have an account? Sign up" }))
    expect(screen.getByLabelText('Full name')).toBeTruthy()
  })

  it('switches between sign-in, sign-up and the reset request', () => {
    renderCard()
    fireEvent.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }))
    expect(screen.getByLabelText('Full name')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }))
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }))
    expect(screen.queryByLabelText('Password')).toBeNull()
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }))
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy()
  })

  it('signs in and continues to the invitation of the invite token', async () => {
    auth.signInEmail.mockResolvedValue({ data: {}, error: null })
    const router = renderCard('/auth?invite_token=abc123')
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' robin@example.com ' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-123' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    await screen.findByText('invitation page')
    expect(auth.signInEmail).toHaveBeenCalledWith({ email: 'robin@example.com', password: 'secret-123' })
    expect(router.state.location.search).toBe('?token=abc123')
  })

  it('opens on sign-up with the invited address; signed in by the server, it goes on to the invitation', async () => {
    auth.signUpEmail.mockResolvedValue({ data: { token: 'session-token', user: {} }, error: null })
    const router = renderCard('/auth?invite_token=abc123', undefined, { initialMode: 'sign-up', invitedEmail: 'robin@example.com' })
    const email = screen.getByLabelText<HTMLInputElement>('Email')
    expect(email.value).toBe('robin@example.com')
    const hint = screen.getByText('Your invitation came to this address, so there is nothing to confirm.')
    expect(email.getAttribute('aria-describedby')).toBe(hint.id)
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Robin Hood' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-123' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }))
    await screen.findByText('invitation page')
    expect(auth.signUpEmail).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Robin Hood', email: 'robin@example.com', password: 'secret-123', inviteToken: 'abc123' }),
    )
    expect(router.state.location.search).toBe('?token=abc123')
  })

  it('another address loses the hint, and without a session the card asks to confirm by mail as before', async () => {
    auth.signUpEmail.mockResolvedValue({ data: { token: null, user: {} }, error: null })
    const router = renderCard('/auth?invite_token=abc123', undefined, { initialMode: 'sign-up', invitedEmail: 'robin@example.com' })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'other@example.com' } })
    expect(screen.queryByText('Your invitation came to this address, so there is nothing to confirm.')).toBeNull()
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Robin Hood' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-123' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }))
    await screen.findByText('We sent a confirmation link to other@example.com. Open it, then sign in here.')
    expect(router.state.location.pathname).toBe('/auth')
  })

  it('stays on the card when the server refuses', async () => {
    auth.signInEmail.mockResolvedValue({
      data: null,
      error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password', status: 401 },
    })
    const router = renderCard()
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'robin@example.com' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-password' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(auth.signInEmail).toHaveBeenCalled())
    await screen.findByRole('button', { name: 'Sign In' })
    expect(router.state.location.pathname).toBe('/auth')
  })

  it('offers Google only when the server has it', async () => {
    renderCard('/auth', { googleSignInEnabled: true, devMailboxEnabled: false, signUpMode: 'open' })
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy()
    cleanup()
    renderCard()
    const fetchMock = vi.mocked(fetch)
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/config', expect.anything()))
    await act(async () => {
      await fetchMock.mock.results[0]?.value
    })
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull()
  })
})
