import type { LucideIcon } from 'lucide-react'
import type * as React from 'react'
import { Link } from 'react-router'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { pageColumnClass } from '#web/components/page-layout.tsx'
import { ThemeMenu } from '#web/components/theme-menu.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Wordmark } from '#web/components/wordmark.tsx'
import { cn } from '#web/lib/utils.ts'

type NoticePageProps = {
  icon: LucideIcon
  /** the page's one heading */
  title: string
  description: string
  /** the one way on, a link under the card's content (`state` goes along with the navigation) */
  action: { to: string; label: string; state?: unknown }
  /** what the card says beyond its description, above the action */
  children?: React.ReactNode
}

/** The frame of a page outside the app's screens: the wordmark and the theme menu above one centred card. */
export function NoticeFrame({ children }: { children: React.ReactNode }) {
  return (
    <div data-slot="notice-frame" className="flex min-h-dvh flex-col bg-hearth-glow">
      <header className={cn(pageColumnClass, 'flex items-center justify-between py-3')}>
        <Wordmark />
        <ThemeMenu />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-12 sm:items-center sm:pt-0">{children}</main>
    </div>
  )
}

/**
 * A page that says one thing, signed in or not: in the notice frame, one card with an icon, a heading, a description
 * and one way on (an account deleted, a share that came too early, a reset link that no longer works).
 */
export function NoticePage({ icon: Icon, title, description, action, children }: NoticePageProps) {
  return (
    <NoticeFrame>
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <IconBadge className="mb-2">
            <Icon aria-hidden />
          </IconBadge>
          <CardTitle asChild>
            <h1>{title}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {children}
          <Link to={action.to} state={action.state} className={buttonVariants({ size: 'lg', className: 'w-full' })}>
            {action.label}
          </Link>
        </CardContent>
      </Card>
    </NoticeFrame>
  )
}
