import type { UseFormRegisterReturn } from 'react-hook-form'
import { PasswordInput } from '#web/components/password-input.tsx'
import { Field, FieldError, fieldAria } from '#web/components/ui/field.tsx'
import { Label } from '#web/components/ui/label.tsx'

type PasswordFieldProps = {
  id: string
  label: string
  autoComplete: 'current-password' | 'new-password'
  /** the form's `register(name)` for this field */
  field: UseFormRegisterReturn
  error: string | undefined
}

/** A labelled password input with its error, linked to it for screen readers. */
export function PasswordField({ id, label, autoComplete, field, error }: PasswordFieldProps) {
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <PasswordInput autoComplete={autoComplete} {...fieldAria(id, error)} {...field} />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </Field>
  )
}

type NewPasswordFieldsProps = {
  labels: { password: string; confirm: string }
  fields: { password: UseFormRegisterReturn; confirm: UseFormRegisterReturn }
  errors: { password?: string; confirm?: string }
}

/** A new password and its confirmation, as the reset link and the settings ask for them. */
export function NewPasswordFields({ labels, fields, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        id="new-password"
        label={labels.password}
        autoComplete="new-password"
        field={fields.password}
        error={errors.password}
      />
      <PasswordField
        id="confirm-password"
        label={labels.confirm}
        autoComplete="new-password"
        field={fields.confirm}
        error={errors.confirm}
      />
    </>
  )
}
