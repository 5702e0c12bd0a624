import { Eye, EyeOff } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { newPasswordFormSchema } from '#shared/auth-forms.ts'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { FieldError, Input, Label } from '#web/components/ui/input.tsx'
import { authClient } from '#web/lib/auth-client.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { Wordmark } from '#web/features/landing/wordmark.tsx'

function PasswordField({ id, label, value, onChange, error }: { id: string; label: string; value: string; onChange: (v: string) => void; error?: string }) {
  const [visible, setVisible] = useState(false)
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          type={visible ? 'text' : 'password'}
          autoComplete="new-password"
          value={value}
          className="pr-12"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="absolute top-0.5 right-0.5"
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
        </Button>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  )
}

export function ResetPasswordPage() {
  usePageMeta({ title: 'Choose a new password - Hearth' })
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const token = params.get('token')
  const linkError = params.get('error')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; form?: string }>({})
  const [busy, setBusy] = useState(false)

  if (!token && !linkError) return <Navigate to="/" replace />

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = newPasswordFormSchema.safeParse({ password, confirm })
    if (!parsed.success) {
      const found: typeof errors = {}
      for (const issue of parsed.error.issues) found[issue.path[0] as 'password' | 'confirm'] ??= issue.message
      setErrors(found)
      return
    }
    setErrors({})
    setBusy(true)
    const { error } = await authClient.resetPassword({ newPassword: password, token: token ?? '' })
    setBusy(false)
    if (error) {
      setErrors({ form: error.message || 'An unexpected error occurred. Please try again.' })
      return
    }
    toast.success('Password updated', { description: 'Sign in with your new password.' })
    navigate('/auth', { replace: true })
  }

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 py-10">
      <Wordmark />
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <span role="heading" aria-level={1}>
              {linkError ? 'This link no longer works' : 'Choose a new password'}
            </span>
          </CardTitle>
          <CardDescription>
            {linkError ? 'Password reset links work once and for one hour. Ask for a new one.' : 'At least 6 characters.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {linkError ? (
            <Link to="/auth" className={buttonVariants({ className: 'w-full' })}>
              Request a new link
            </Link>
          ) : (
            <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
              <PasswordField id="new-password" label="New Password" value={password} onChange={setPassword} error={errors.password} />
              <PasswordField id="confirm-password" label="Confirm New Password" value={confirm} onChange={setConfirm} error={errors.confirm} />
              {errors.form && (
                <p role="alert" className="text-sm text-destructive">
                  {errors.form}
                </p>
              )}
              <Button type="submit" disabled={busy}>
                {busy ? 'Processing...' : 'Update Password'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </main>
  )
}
