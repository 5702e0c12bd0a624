import { FormattedMessage } from 'react-intl'
import { LoaderCircle } from 'lucide-react'
import type * as React from 'react'
import { cn } from '#web/lib/utils.ts'

/** A busy indicator that screen readers announce (role="status" with a hidden label). */
export function Spinner({ className, label, ...props }: React.ComponentProps<'span'> & { label?: string }) {
  return (
    <span role="status" data-slot="spinner" className={cn('inline-flex items-center justify-center', className)} {...props}>
      <LoaderCircle aria-hidden className="size-[1em] animate-spin" />
      <span className="sr-only">{label ?? <FormattedMessage id="common.loading" defaultMessage="Loading" />}</span>
    </span>
  )
}
