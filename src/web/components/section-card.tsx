import type * as React from 'react'
import { IconBadge, type IconBadgeProps } from '#web/components/icon-badge.tsx'
import { cn } from '#web/lib/utils.ts'

/** A card that is a titled part of a page (insights, a welcome message, its transcript), named by its heading. */
export function SectionCard({ className, ...props }: React.ComponentProps<'section'>) {
  return <section className={cn('flex flex-col gap-3 rounded-2xl border bg-card p-5 shadow-sm', className)} {...props} />
}

type SectionCardHeaderProps = {
  /** The heading's id, for the section's aria-labelledby. */
  id: string
  icon: React.ReactNode
  tone?: IconBadgeProps['tone']
  title: React.ReactNode
  /** A line under the title. */
  description?: React.ReactNode
}

/** The card's first row: a small icon disc and the h2. */
export function SectionCardHeader({ id, icon, tone, title, description }: SectionCardHeaderProps) {
  const heading = (
    <h2 id={id} className="font-semibold">
      {title}
    </h2>
  )
  return (
    <div className="flex items-center gap-3">
      <IconBadge tone={tone} size="sm">
        {icon}
      </IconBadge>
      {description === undefined ? (
        heading
      ) : (
        <div className="flex min-w-0 flex-col">
          {heading}
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
      )}
    </div>
  )
}
