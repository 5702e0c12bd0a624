import type { LucideIcon } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import { Empty, EmptyDescription, EmptyTitle } from '#web/components/empty.tsx'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'

// The pages that list people to act on one by one (archived contacts, message requests, blocked people) share one
// frame: a header with Back and a title (and a count under it), a line that says what the list is, the list with its
// four states (`ListStates`), and an empty state that leads back where the person came from.

type ListPageProps = {
  title: string
  /** where Back goes, and where the empty state leads */
  back: string
  /** under the title: the list's count */
  subtitle?: React.ReactNode
  /** one line above the list: what is in it and what acting on it does */
  intro?: string
  children: React.ReactNode
}

export function ListPage({ title, back, subtitle, intro, children }: ListPageProps) {
  return (
    <PageLayout
      className="gap-4"
      header={
        <PageHeader back={back}>
          <div className="flex min-w-0 flex-1 flex-col">
            <h1 className="truncate text-xl leading-tight font-semibold tracking-tight">{title}</h1>
            {subtitle && <p className="text-sm text-muted-foreground">{subtitle}</p>}
          </div>
        </PageHeader>
      }
    >
      {intro && <p className="text-muted-foreground">{intro}</p>}
      {children}
    </PageLayout>
  )
}

/** The empty list: its icon, what is missing, what will fill it, and the way back. */
export function ListEmpty({
  icon: Icon,
  title,
  description,
  back,
}: {
  icon: LucideIcon
  title: string
  description: string
  back: { to: string; label: string }
}) {
  return (
    <Empty variant="dashed">
      <IconBadge>
        <Icon aria-hidden />
      </IconBadge>
      <EmptyTitle asChild>
        <h2>{title}</h2>
      </EmptyTitle>
      <EmptyDescription className="text-wrap">{description}</EmptyDescription>
      <Link to={back.to} className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-1' })}>
        {back.label}
      </Link>
    </Empty>
  )
}

/** The list while it loads: `count` skeleton rows shaped like the real ones, named for screen readers. */
export function ListSkeleton({
  label,
  row: Row,
  count,
  className,
}: {
  label: string
  row: React.ComponentType
  count: number
  className: string
}) {
  return (
    <ul aria-label={label} className={className}>
      {Array.from({ length: count }, (_, index) => (
        <Row key={index} />
      ))}
    </ul>
  )
}
