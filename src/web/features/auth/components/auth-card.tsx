import { useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { resetRequestFormSchema, signInFormSchema, signUpFormSchema } from '#shared/auth-forms.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { FieldError, Input, Label } from '#web/components/ui/input.tsx'
import { usePublicConfigQuery } from '#web/features/profile/queries.ts'
import { authClient, authErrorMessage } from '#web/lib/auth-client.ts'
import { cn } from '#web/lib/utils.ts'

type Mode = 'sign-in' | 'sign-up' | 'reset-password'
type Field = 'fullName' | 'email' | 'password'

const TITLES: Record<Mode, { title: string; description: string; submit: string }> = {
  'sign-in': { title: 'Welcome back', description: 'Sign in to hear from the people closest to you.', submit: 'Sign In' },
  'sign-up': { title: 'Create your account', description: 'A calm place for the voices you love.', submit: 'Sign Up' },
  'reset-password': { title: 'Reset your password', description: "We'll email you a link to choose a new one.", submit: 'Send Reset Link' },
}

/** Where to go after signing in: the invitation when an invite token came along, else home. */
export function afterSignInPath(inviteToken: string | null): string {
  return inviteToken ? `/auth/invite?token=${encodeURIComponent(inviteToken)}` : '/'
}

export function AuthCard({ variant = 'full' }: { variant?: 'full' | 'embedded' }) {
  const [params] = useSearchParams()
  const inviteToken = params.get('invite_token') || null
  const navigate = useNavigate()
  const config = usePublicConfigQuery()
  const [mode, setMode] = useState<Mode>('sign-in')
  const [values, setValues] = useState<Record<Field, string>>({ fullName: '', email: '', password: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  const texts = TITLES[mode]

  const switchMode = (next: Mode) => {
    setMode(next)
    setErrors({})
    setNotice(null)
  }

  const validate = () => {
    const schema = mode === 'sign-up' ? signUpFormSchema : mode === 'sign-in' ? signInFormSchema : resetRequestFormSchema
    const result = schema.safeParse(values)
    if (result.success) return result.data as { email: string; password?: string; fullName?: string }
    const found: Partial<Record<Field, string>> = {}
    for (const issue of result.error.issues) {
      const key = issue.path[0] as Field
      found[key] ??= issue.message
    }
    setErrors(found)
    return null
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setErrors({})
    const data = validate()
    if (!data) return
    setBusy(true)
    try {
      if (mode === 'sign-in') {
        const { error } = await authClient.signIn.email({ email: data.email, password: data.password ?? '' })
        if (error) throw error
        toast.success('Welcome back!', { description: "You've successfully signed in to Hearth." })
        navigate(afterSignInPath(inviteToken), { replace: true })
      } else if (mode === 'sign-up') {
        const { error } = await authClient.signUp.email({
          name: data.fullName ?? '',
          email: data.email,
          password: data.password ?? '',
          callbackURL: inviteToken ? `/auth?verified=1&invite_token=${encodeURIComponent(inviteToken)}` : '/auth?verified=1',
        })
        if (error) throw error
        toast.success('Welcome to Hearth!', { description: 'Please check your email to confirm your account.' })
        setNotice(`We sent a confirmation link to ${data.email}. Open it, then sign in here.`)
        setMode('sign-in')
        setValues((v) => ({ ...v, password: '' }))
      } else {
        const { error } = await authClient.requestPasswordReset({ email: data.email, redirectTo: '/auth/reset-password' })
        if (error) throw error
        toast.success('Password Reset Sent', { description: 'Check your email for password reset instructions.' })
        setMode('sign-in')
      }
    } catch (error) {
      toast.error('Authentication Error', { description: authErrorMessage(error as { message?: string; code?: string }) })
    } finally {
      setBusy(false)
    }
  }

  const onGoogle = async () => {
    const back = `/auth?invite_token=${encodeURIComponent(inviteToken ?? '')}`
    const { error } = await authClient.signIn.social({ provider: 'google', callbackURL: back, errorCallbackURL: `${back}&google_error=1` })
    if (error) toast.error('Google sign-in failed', { description: error.message || 'Please try again.' })
  }

  const field = (name: Field, label: string, type: string, autoComplete: string) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`auth-${name}`}>{label}</Label>
      <Input
        id={`auth-${name}`}
        type={type}
        autoComplete={autoComplete}
        value={values[name]}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `auth-${name}-error` : undefined}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      />
      <FieldError id={`auth-${name}-error`}>{errors[name]}</FieldError>
    </div>
  )

  return (
    <Card className={cn('w-full max-w-md', variant === 'embedded' && 'shadow-lg')}>
      <CardHeader>
        <CardTitle>{texts.title}</CardTitle>
        <CardDescription>{texts.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {params.get('verified') && mode === 'sign-in' && !notice && (
          <p className="mb-4 rounded-lg bg-accent p-3 text-sm text-accent-foreground">Your email is confirmed. You can sign in now.</p>
        )}
        {notice && <p className="mb-4 rounded-lg bg-accent p-3 text-sm text-accent-foreground">{notice}</p>}
        <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          {mode === 'sign-up' && field('fullName', 'Full name', 'text', 'name')}
          {field('email', 'Email', 'email', 'email')}
          {mode !== 'reset-password' && field('password', 'Password', 'password', mode === 'sign-up' ? 'new-password' : 'current-password')}
          <Button type="submit" disabled={busy} className="mt-1">
            {busy ? 'Processing...' : texts.submit}
          </Button>
        </form>
        {config.data?.googleSignInEnabled && mode !== 'reset-password' && (
          <>
            <div className="my-4 flex items-center gap-3 text-xs text-muted-foreground">
              <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
            </div>
            <Button type="button" variant="outline" className="w-full" onClick={() => void onGoogle()}>
              <svg viewBox="0 0 24 24" aria-hidden>
                <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8z" />
                <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z" />
                <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8z" />
                <path fill="#EA4335" d="M12 5.4c1.6 0 3 .6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z" />
              </svg>
              Continue with Google
            </Button>
          </>
        )}
        <div className="mt-5 flex flex-col items-center gap-1 text-sm">
          {mode === 'sign-in' && (
            <>
              <Button type="button" variant="link" size="sm" onClick={() => switchMode('reset-password')}>
                Forgot your password?
              </Button>
              <Button type="button" variant="link" size="sm" onClick={() => switchMode('sign-up')}>
                Don't have an account? Sign up
              </Button>
            </>
          )}
          {mode === 'sign-up' && (
            <Button type="button" variant="link" size="sm" onClick={() => switchMode('sign-in')}>
              Already have an account? Sign in
            </Button>
          )}
          {mode === 'reset-password' && (
            <Button type="button" variant="link" size="sm" onClick={() => switchMode('sign-in')}>
              Back to sign in
            </Button>
          )}
          {config.data?.devMailboxEnabled && (
            <a className="mt-2 text-xs text-muted-foreground underline" href="/dev/mailbox">
              Open the local mailbox
            </a>
          )}
        </div>
      </CardContent>
    </Card>
  )
}
