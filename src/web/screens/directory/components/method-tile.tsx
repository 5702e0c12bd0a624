import { useIntl } from 'react-intl'
import type { LucideIcon } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import { cn } from '#web/lib/utils.ts'

type MethodTileProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  icon: LucideIcon
  title: string
  description: string
  /** Where the tile leads; without it the tile is shown as not available yet. */
  to?: string
}

const tileBase = 'flex h-full flex-col gap-4 rounded-2xl border bg-card p-5 text-start shadow-sm sm:p-6'

/** One way of adding someone to the circle on the add-contact hub. */
export function MethodTile({ icon: Icon, title, description, to, className, ...props }: MethodTileProps) {
  const intl = useIntl()
  const body = (
    <>
      <div className="flex items-start justify-between gap-3">
        <span
          className={cn(
            'grid size-12 place-items-center rounded-full',
            to ? 'bg-accent text-accent-foreground transition-transform group-hover:scale-105' : 'bg-muted text-muted-foreground',
          )}
        >
          <Icon aria-hidden className="size-5" />
        </span>
        {!to && (
          <span className="rounded-full border bg-muted px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
            {intl.formatMessage({ id: 'addContact.comingSoon', defaultMessage: 'Coming soon' })}
          </span>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <span className={cn('text-base font-semibold', !to && 'text-muted-foreground')}>{title}</span>
        <span className="text-sm text-muted-foreground">{description}</span>
      </div>
    </>
  )

  if (!to) {
    return (
      <div
        data-slot="method-tile"
        aria-disabled="true"
        className={cn(tileBase, 'border-dashed bg-card/50 shadow-none', className)}
        {...props}
      >
        {body}
      </div>
    )
  }
  return (
    <div data-slot="method-tile" className={cn('h-full', className)} {...props}>
      <Link
        to={to}
        className={cn(
          tileBase,
          'group transition-colors outline-none hover:border-primary/60 hover:bg-card focus-visible:ring-[3px] focus-visible:ring-ring',
        )}
      >
        {body}
      </Link>
    </div>
  )
}
