import { useIntl } from 'react-intl'
import { ArrowLeft } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/utils.ts'

/**
 * The one content column of every screen (decision 91): home, the conversation, record, the overview, settings and the
 * rest share its width and side padding, so the header's Back and title and the content's edges stay put as one moves
 * between screens. Forms and single panels keep a readable measure inside it.
 */
export const pageColumnClass = 'mx-auto w-full max-w-5xl px-4 sm:px-6'

type PageLayoutProps = React.ComponentProps<'main'> & {
  /** Usually a <PageHeader>; it takes the page's width. */
  header: React.ReactNode
}

/** A signed-in page away from home: the warm background, a header row, and one main column of the same width. */
export function PageLayout({ header, className, children, ...props }: PageLayoutProps) {
  return (
    <div data-slot="page-layout" className="flex min-h-dvh flex-col bg-hearth-glow">
      {header}
      <main className={cn(pageColumnClass, 'flex flex-1 flex-col pt-2 pb-16', className)} {...props}>
        {children}
      </main>
    </div>
  )
}

/** Where Back leads: a path, or a function (the browser's history, for example). */
export type BackTarget = string | (() => void)

/** The ghost arrow at the start of a page header; an icon button with the name Back. */
export function BackButton({ to, className }: { to: BackTarget; className?: string }) {
  const classes = cn('-ms-2 shrink-0', className)
  const back = useIntl().formatMessage({ id: 'common.back', defaultMessage: 'Back' })
  if (typeof to === 'function') {
    return (
      <Button variant="ghost" size="icon" className={classes} aria-label={back} title={back} onClick={to}>
        <ArrowLeft aria-hidden className="size-5 rtl:-scale-x-100" />
      </Button>
    )
  }
  return (
    <Button asChild variant="ghost" size="icon" className={classes}>
      <Link to={to} aria-label={back} title={back}>
        <ArrowLeft aria-hidden className="size-5 rtl:-scale-x-100" />
      </Link>
    </Button>
  )
}

type PageHeaderProps = Omit<React.ComponentProps<'header'>, 'title'> & {
  back?: BackTarget
  /** The page's h1; leave it out and pass children for a header of another shape. */
  title?: React.ReactNode
  /** Buttons or links at the end of the row. */
  actions?: React.ReactNode
}

/** The row at the top of a page: Back, the title (or the children), then the actions. */
export function PageHeader({ back, title, actions, className, children, ...props }: PageHeaderProps) {
  return (
    <header data-slot="page-header" className={cn(pageColumnClass, 'flex items-center gap-2 py-3', className)} {...props}>
      {back !== undefined && <BackButton to={back} />}
      {title !== undefined && <h1 className="min-w-0 flex-1 truncate text-xl font-semibold tracking-tight">{title}</h1>}
      {children}
      {actions}
    </header>
  )
}
