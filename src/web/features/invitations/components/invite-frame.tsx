import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { Wordmark } from '#web/components/wordmark.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { pageColumnClass } from '#web/components/page-layout.tsx'
import { cn } from '#web/lib/utils.ts'

/** The signed-out frame of the invitation screens: the wordmark and one centred card. */
export function InviteFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-hearth-glow">
      <header className={cn(pageColumnClass, 'flex items-center py-3')}>
        <Wordmark />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-12 sm:items-center sm:pt-0">{children}</main>
    </div>
  )
}

/** A card with one way out, 'Go to Home' (the expired, used and unavailable invitations, and the refusals). */
export function InviteMessageCard({ icon, title, description }: { icon: ReactNode; title: string; description: string }) {
  return (
    <Card className="w-full max-w-md text-center">
      <CardHeader className="items-center">
        <IconBadge className="mb-2">{icon}</IconBadge>
        <CardTitle asChild>
          <h1>{title}</h1>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
          Go to Home
        </Link>
      </CardContent>
    </Card>
  )
}
