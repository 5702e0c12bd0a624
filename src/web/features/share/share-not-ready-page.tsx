import { Share2 } from 'lucide-react'
import { Link } from 'react-router'
import { SHARE_TEXTS } from '#shared/share-target.ts'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { pageColumnClass } from '#web/components/page-layout.tsx'
import { ThemeMenu } from '#web/components/theme-menu.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Wordmark } from '#web/components/wordmark.tsx'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { cn } from '#web/lib/utils.ts'

/**
 * /share/not-ready: where the server sends a recording shared before Hearth ran on this device (decision 142). Signed
 * in or not, it says plainly what to do: open Hearth once, then share again.
 */
export function ShareNotReadyPage() {
  usePageMeta({ title: `${SHARE_TEXTS.notReadyTitle} - Hearth` })
  return (
    <div className="flex min-h-dvh flex-col bg-hearth-glow">
      <header className={cn(pageColumnClass, 'flex items-center justify-between py-3')}>
        <Wordmark />
        <ThemeMenu />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-12 sm:items-center sm:pt-0">
        <Card className="w-full max-w-md">
          <CardHeader className="items-center text-center">
            <IconBadge className="mb-2">
              <Share2 aria-hidden />
            </IconBadge>
            <CardTitle asChild>
              <h1>{SHARE_TEXTS.notReadyTitle}</h1>
            </CardTitle>
            <CardDescription>{SHARE_TEXTS.notReady}</CardDescription>
          </CardHeader>
          <CardContent>
            <Link to="/" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
              Open Hearth
            </Link>
          </CardContent>
        </Card>
      </main>
    </div>
  )
}
