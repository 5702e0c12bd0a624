import { FormattedMessage, useIntl } from 'react-intl'
import { Compass } from 'lucide-react'
import { Link } from 'react-router'
import { IconBadge } from '#web/components/icon-badge.tsx'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { usePageMeta } from '#web/lib/page-meta.ts'

/** Any path the route table does not know. */
export function NotFoundPage() {
  const intl = useIntl()
  usePageMeta({ title: intl.formatMessage({ id: 'notFound.pageTitle', defaultMessage: 'Page not found - Hearth' }) })
  return (
    <main className="grid min-h-dvh place-items-center bg-hearth-glow px-4 text-center">
      <div className="flex max-w-sm flex-col items-center gap-4">
        <IconBadge size="xl">
          <Compass aria-hidden />
        </IconBadge>
        <p className="text-sm font-semibold tracking-widest text-primary-strong">404</p>
        <h1 className="text-3xl font-semibold tracking-tight">
          <FormattedMessage id="notFound.title" defaultMessage="Oops! Page not found" />
        </h1>
        <p className="text-muted-foreground">
          <FormattedMessage
            id="notFound.body"
            defaultMessage="The page you were looking for isn't here. It may have moved, or the link may be mistyped."
          />
        </p>
        <Link to="/" className={buttonVariants({ size: 'lg', className: 'mt-2' })}>
          <FormattedMessage id="notFound.home" defaultMessage="Return to Home" />
        </Link>
      </div>
    </main>
  )
}
