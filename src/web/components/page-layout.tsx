import { cva, type VariantProps } from 'class-variance-authority'
import { ArrowLeft } from 'lucide-react'
import { createContext, use } from 'react'
import type * as React from 'react'
import { Link } from 'react-router'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/utils.ts'

/** The column a page's header and main content share. */
export const pageColumnVariants = cva('mx-auto w-full px-4 sm:px-6', {
  variants: {
    width: {
      xl: 'max-w-xl',
      '2xl': 'max-w-2xl',
      '4xl': 'max-w-4xl',
      '5xl': 'max-w-5xl',
      /** The overview's card grid, up to six columns. */
      wide: 'max-w-[120rem] lg:px-8',
    },
  },
  defaultVariants: { width: '2xl' },
})

type PageWidth = NonNullable<VariantProps<typeof pageColumnVariants>['width']>

const PageWidthContext = createContext<PageWidth>('2xl')

type PageLayoutProps = React.ComponentProps<'main'> & {
  width?: PageWidth
  /** Usually a <PageHeader>; it takes the page's width. */
  header: React.ReactNode
}

/** A signed-in page away from home: the warm background, a header row, and one main column of the same width. */
export function PageLayout({ width = '2xl', header, className, children, ...props }: PageLayoutProps) {
  return (
    <div data-slot="page-layout" className="flex min-h-dvh flex-col bg-hearth-glow">
      <PageWidthContext value={width}>{header}</PageWidthContext>
      <main className={cn(pageColumnVariants({ width }), 'flex flex-1 flex-col pt-2 pb-16', className)} {...props}>
        {children}
      </main>
    </div>
  )
}

/** Where Back leads: a path, or a function (the browser's history, for example). */
export type BackTarget = string | (() => void)

/** The ghost arrow at the start of a page header; an icon button with the name Back. */
export function BackButton({ to, className }: { to: BackTarget; className?: string }) {
  const classes = cn('-ml-2 shrink-0', className)
  if (typeof to === 'function') {
    return (
      <Button variant="ghost" size="icon" className={classes} aria-label="Back" title="Back" onClick={to}>
        <ArrowLeft aria-hidden className="size-5" />
      </Button>
    )
  }
  return (
    <Button asChild variant="ghost" size="icon" className={classes}>
      <Link to={to} aria-label="Back" title="Back">
        <ArrowLeft aria-hidden className="size-5" />
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
  const width = use(PageWidthContext)
  return (
    <header data-slot="page-header" className={cn(pageColumnVariants({ width }), 'flex items-center gap-2 py-3', className)} {...props}>
      {back !== undefined && <BackButton to={back} />}
      {title !== undefined && <h1 className="min-w-0 flex-1 truncate text-xl font-semibold tracking-tight">{title}</h1>}
      {children}
      {actions}
    </header>
  )
}
