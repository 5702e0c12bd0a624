import { FormattedMessage, useIntl } from 'react-intl'
import { useKnownText } from '#web/i18n/known-texts.ts'
import { zodResolver } from '#web/lib/zod-form.ts'
import { useForm } from 'react-hook-form'
import { toast } from '#web/lib/toast.ts'
import { type z } from 'zod/mini'
import { changePasswordFormSchema } from '#shared/auth-forms.ts'
import { NewPasswordFields, PasswordField } from '#web/components/password-field.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { logUnexpected } from '#web/lib/errors.ts'
import { PasswordChangeError, useChangePasswordMutation } from '../queries.ts'

type Values = z.infer<typeof changePasswordFormSchema>

/** Change password: the current one is required, and every other device is signed out (Better Auth). */
export function PasswordSection() {
  const change = useChangePasswordMutation()
  const form = useForm<Values>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { current: '', password: '', confirm: '' },
  })
  const { errors } = form.formState
  const intl = useIntl()
  const known = useKnownText()

  const onSubmit = form.handleSubmit(async ({ current, password }) => {
    try {
      await change.mutateAsync({ current, password })
    } catch (error) {
      if (error instanceof PasswordChangeError && error.code === 'INVALID_PASSWORD') {
        form.setError(
          'current',
          { message: intl.formatMessage({ id: 'settings.password.wrong', defaultMessage: 'Your current password is not correct' }) },
          { shouldFocus: true },
        )
      } else if (error instanceof PasswordChangeError && error.message) {
        form.setError('password', { message: known(error.message) }, { shouldFocus: true })
      } else {
        logUnexpected(error, 'password change failed')
        toast.error(
          intl.formatMessage({ id: 'settings.password.failed', defaultMessage: 'Could not change your password. Please try again.' }),
        )
      }
      return
    }
    form.reset()
    toast.success(intl.formatMessage({ id: 'settings.password.changed', defaultMessage: 'Password changed' }), {
      description: intl.formatMessage({ id: 'settings.password.changed.body', defaultMessage: 'Your other devices have been signed out.' }),
    })
  })

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="settings.password.title" defaultMessage="Password" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage id="settings.password.description" defaultMessage="Changing it signs you out on every other device." />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          <PasswordField
            id="current-password"
            label={intl.formatMessage({ id: 'settings.password.current', defaultMessage: 'Current password' })}
            autoComplete="current-password"
            field={form.register('current')}
            error={known(errors.current?.message)}
          />
          <NewPasswordFields
            labels={{
              password: intl.formatMessage({ id: 'settings.password.new', defaultMessage: 'New password' }),
              confirm: intl.formatMessage({ id: 'settings.password.confirm', defaultMessage: 'Confirm new password' }),
            }}
            fields={{ password: form.register('password'), confirm: form.register('confirm') }}
            errors={{ password: known(errors.password?.message), confirm: known(errors.confirm?.message) }}
          />
          <Button type="submit" className="self-start" disabled={change.isPending}>
            {change.isPending ? (
              <FormattedMessage id="settings.password.changing" defaultMessage="Changing..." />
            ) : (
              <FormattedMessage id="settings.password.submit" defaultMessage="Change password" />
            )}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
