import { FormattedMessage, useIntl } from 'react-intl'
import { useKnownText } from '#web/i18n/known-texts.ts'
import { zodResolver } from '#web/lib/zod-form.ts'
import { KeyRound, LinkIcon } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { toast } from '#web/lib/toast.ts'
import { newPasswordFormSchema } from '#shared/auth-forms.ts'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { NewPasswordFields } from '#web/components/password-field.tsx'
import { NoticeFrame, NoticePage } from '#web/components/notice-page.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { RESET_ERROR_FALLBACK } from '#web/resources/sign-in/auth-errors.ts'
import { authClient } from '#web/lib/auth-client.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'

type NewPasswordValues = { password: string; confirm: string }

/** /auth/reset-password?token=: choose a new password from the mailed link (docs/decisions/004-*.md). */
export function ResetPasswordPage() {
  const intl = useIntl()
  const known = useKnownText()
  usePageMeta({ title: intl.formatMessage({ id: 'reset.pageTitle', defaultMessage: 'Choose a new password - Hearth' }) })
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const token = params.get('token')
  const [linkInvalid, setLinkInvalid] = useState(params.has('error'))
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<NewPasswordValues>({ resolver: zodResolver(newPasswordFormSchema), defaultValues: { password: '', confirm: '' } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFormError(null)
    try {
      const { error } = await authClient.resetPassword({ newPassword: password, token: token ?? '' })
      if (error) {
        if (error.code === 'INVALID_TOKEN') setLinkInvalid(true)
        else setFormError(known(error.message || RESET_ERROR_FALLBACK))
        return
      }
    } catch {
      setFormError(known(RESET_ERROR_FALLBACK))
      return
    }
    toast.success(intl.formatMessage({ id: 'reset.done.title', defaultMessage: 'Password updated' }), {
      description: intl.formatMessage({ id: 'reset.done.body', defaultMessage: 'Sign in with your new password.' }),
    })
    navigate('/auth', { replace: true })
  })

  if (linkInvalid) {
    return (
      <NoticePage
        icon={LinkIcon}
        title={intl.formatMessage({ id: 'reset.linkInvalid.title', defaultMessage: 'This link is invalid or has expired' })}
        description={intl.formatMessage({
          id: 'reset.linkInvalid.body',
          defaultMessage: 'Password reset links work once and for one hour. Ask for a new one and use it within the hour.',
        })}
        action={{
          to: '/auth',
          label: intl.formatMessage({ id: 'reset.linkInvalid.action', defaultMessage: 'Request a new link' }),
          state: { authMode: 'reset-password' },
        }}
      />
    )
  }
  if (!token) return <Navigate to="/" replace />

  return (
    <NoticeFrame>
      <Card className="w-full max-w-md">
        <CardHeader>
          <IconBadge className="mb-2">
            <KeyRound aria-hidden />
          </IconBadge>
          <CardTitle asChild>
            <h1>
              <FormattedMessage id="reset.title" defaultMessage="Choose a new password" />
            </h1>
          </CardTitle>
          <CardDescription>
            <FormattedMessage id="reset.description" defaultMessage="Use at least 6 characters. Your other devices will be signed out." />
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
            <NewPasswordFields
              labels={{
                password: intl.formatMessage({ id: 'reset.newPassword', defaultMessage: 'New Password' }),
                confirm: intl.formatMessage({ id: 'reset.confirmPassword', defaultMessage: 'Confirm New Password' }),
              }}
              fields={{ password: form.register('password'), confirm: form.register('confirm') }}
              errors={{ password: known(errors.password?.message), confirm: known(errors.confirm?.message) }}
            />
            {formError && (
              <p
                role="alert"
                className="rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm font-medium text-destructive-text"
              >
                {formError}
              </p>
            )}
            <Button type="submit" size="lg" className="mt-1 w-full" disabled={isSubmitting}>
              {isSubmitting ? (
                <FormattedMessage id="common.processing" defaultMessage="Processing..." />
              ) : (
                <FormattedMessage id="reset.submit" defaultMessage="Update Password" />
              )}
            </Button>
          </form>
        </CardContent>
      </Card>
    </NoticeFrame>
  )
}
