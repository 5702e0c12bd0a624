import { zodResolver } from '#web/lib/zod-form.ts'
import { useForm } from 'react-hook-form'
import { toast } from '#web/lib/toast.ts'
import { type z } from 'zod/mini'
import { ACCOUNT_TEXTS } from '#shared/account.ts'
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

  const onSubmit = form.handleSubmit(async ({ current, password }) => {
    try {
      await change.mutateAsync({ current, password })
    } catch (error) {
      if (error instanceof PasswordChangeError && error.code === 'INVALID_PASSWORD') {
        form.setError('current', { message: ACCOUNT_TEXTS.wrongPassword }, { shouldFocus: true })
      } else if (error instanceof PasswordChangeError && error.message) {
        form.setError('password', { message: error.message }, { shouldFocus: true })
      } else {
        logUnexpected(error, 'password change failed')
        toast.error(ACCOUNT_TEXTS.passwordChangeFailed)
      }
      return
    }
    form.reset()
    toast.success(ACCOUNT_TEXTS.passwordChanged, { description: ACCOUNT_TEXTS.passwordChangedDescription })
  })

  return (
    <Card>
      <CardHeader>
        <CardTitle>{ACCOUNT_TEXTS.passwordTitle}</CardTitle>
        <CardDescription>{ACCOUNT_TEXTS.passwordDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          <PasswordField
            id="current-password"
            label={ACCOUNT_TEXTS.currentPasswordLabel}
            autoComplete="current-password"
            field={form.register('current')}
            error={errors.current?.message}
          />
          <NewPasswordFields
            labels={{ password: ACCOUNT_TEXTS.newPasswordLabel, confirm: ACCOUNT_TEXTS.confirmPasswordLabel }}
            fields={{ password: form.register('password'), confirm: form.register('confirm') }}
            errors={{ password: errors.password?.message, confirm: errors.confirm?.message }}
          />
          <Button type="submit" className="self-start" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
