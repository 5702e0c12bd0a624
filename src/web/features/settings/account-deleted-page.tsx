import { Check, CircleCheck } from 'lucide-react'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { ACCOUNT_TEXTS } from '#shared/account.ts'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { pageColumnClass } from '#web/components/page-layout.tsx'
import { ThemeMenu } from '#web/components/theme-menu.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Wordmark } from '#web/components/wordmark.tsx'
import { accountDeletion } from '#web/lib/account-deletion.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { cn } from '#web/lib/utils.ts'

/**
 * /account-deleted: where Delete my account ends (decision 120), signed out. It says that it is done and what
 * went, instead of dropping the person on the landing without a word.
 */
export function AccountDeletedPage() {
  usePageMeta({ title: 'Account deleted - Hearth' })
  // arrived: a later sign-out on this page (a new account, say) goes to the landing again
  useEffect(() => accountDeletion.end(), [])
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
              <CircleCheck aria-hidden />
            </IconBadge>
            <CardTitle asChild>
              <h1>{ACCOUNT_TEXTS.deletedTitle}</h1>
            </CardTitle>
            <CardDescription>{ACCOUNT_TEXTS.deletedIntro}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <ul aria-label="What was removed" className="flex flex-col gap-2 text-sm">
              {ACCOUNT_TEXTS.deletedRemoved.map((item) => (
                <li key={item} className="flex items-start gap-2">
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary-strong" />
                  {item}
                </li>
              ))}
            </ul>
            <p className="text-sm text-muted-foreground">{ACCOUNT_TEXTS.deletedOthers}</p>
            <Link to="/" className={buttonVariants({ size: 'lg', className: 'w-full' })}>
              {ACCOUNT_TEXTS.deletedHome}
            </Link>
          </CardContent>
        </Card>
      </main>
    </div>
  )
}
