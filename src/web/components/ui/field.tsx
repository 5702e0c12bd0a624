import type * as React from 'react'
import { cn } from '#web/lib/utils.ts'

/** A label, its control and its hint or error, stacked. */
export function Field({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="field" className={cn('flex flex-col gap-2', className)} {...props} />
}

export function FieldDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return <p data-slot="field-description" className={cn('text-sm text-muted-foreground', className)} {...props} />
}

/** A form error; give the field `aria-describedby={id}` and `aria-invalid`. Renders nothing without a message. */
export function FieldError({ className, children, ...props }: React.ComponentProps<'p'>) {
  if (!children) return null
  return (
    <p data-slot="field-error" role="alert" className={cn('text-sm font-medium text-destructive-text', className)} {...props}>
      {children}
    </p>
  )
}

/** The ids and aria attributes that tie a control to its error message. */
export function fieldAria(id: string, error: string | undefined, hintId?: string) {
  const describedBy = [error ? `${id}-error` : undefined, hintId].filter(Boolean).join(' ')
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const
}
