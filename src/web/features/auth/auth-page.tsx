import { useEffect, useRef } from 'react'
import { Navigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { useAuth } from '#web/app/auth-provider.tsx'
import { FullPageSpinner } from '#web/components/ui/spinner.tsx'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { Wordmark } from '#web/features/landing/wordmark.tsx'
import { AuthCard, afterSignInPath } from './components/auth-card.tsx'

export function AuthPage() {
  usePageMeta({ title: 'Sign in - Hearth', canonical: '/auth' })
  const { user, loading } = useAuth()
  const [params] = useSearchParams()
  const reported = useRef(false)
  const googleError = params.get('google_error') ? (params.get('error') ?? '') : null

  useEffect(() => {
    if (googleError === null || reported.current) return
    reported.current = true
    toast.error('Google sign-in failed', { description: googleError ? googleError.replace(/_/g, ' ') : 'Please try again.' })
  }, [googleError])

  if (loading) return <FullPageSpinner />
  if (user) return <Navigate to={afterSignInPath(params.get('invite_token') || null)} replace />

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 py-10">
      <div className="flex flex-col items-center gap-2 text-center">
        <Wordmark />
        <h1 className="text-2xl font-semibold">Voice messages that matter</h1>
        <p className="max-w-sm text-muted-foreground">Meaningful voice messages for your closest people: asynchronous and calm, private by design.</p>
      </div>
      <AuthCard variant="full" />
    </main>
  )
}
