import { zodResolver } from '#web/lib/zod-form.ts'
import { useForm } from 'react-hook-form'
import { toast } from '#web/lib/toast.ts'
import { type z } from 'zod/mini'
import { ACCOUNT_TEXTS } from '#shared/account.ts'
import { changePasswordFormSchema } from '#shared/auth-forms.ts'
import { PasswordInput } from '#web/components/password-input.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Field, FieldError, fieldAria } from '#web/components/ui/field.tsx'
import { Label } from '#web/components/ui/label.tsx'
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
          <Field>
            <Label htmlFor="current-password">{ACCOUNT_TEXTS.currentPasswordLabel}</Label>
            <PasswordInput
              autoComplete="current-password"
              {...fieldAria('current-password', errors.current?.message)}
              {...form.register('current')}
            />
            <FieldError id="current-password-error">{errors.current?.message}</FieldError>
          </Field>
          <Field>
            <Label htmlFor="new-password">{ACCOUNT_TEXTS.newPasswordLabel}</Label>
            <PasswordInput
              autoComplete="new-password"
              {...fieldAria('new-password', errors.password?.message)}
              {...form.register('password')}
            />
            <FieldError id="new-password-error">{errors.password?.message}</FieldError>
          </Field>
          <Field>
            <Label htmlFor="confirm-new-password">{ACCOUNT_TEXTS.confirmPasswordLabel}</Label>
            <PasswordInput
              autoComplete="new-password"
              {...fieldAria('confirm-new-password', errors.confirm?.message)}
              {...form.register('confirm')}
            />
            <FieldError id="confirm-new-password-error">{errors.confirm?.message}</FieldError>
          </Field>
          <Button type="submit" className="self-start" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
