import { FormattedMessage } from 'react-intl'
import { RotateCw } from 'lucide-react'
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { NotFoundPage } from '#web/screens/not-found/not-found-page.tsx'

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)
}

/** The route error boundary: 404 shows the not-found screen; anything else a calm way out. */
export function RouteError() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />
  const updated = isChunkLoadError(error)
  if (!updated) console.error(error)
  return <RouteErrorMessage updated={updated} />
}

function RouteErrorMessage({ updated }: { updated: boolean }) {
  return (
    <main className="grid min-h-dvh place-items-center bg-hearth-glow px-4 text-center">
      <div className="flex max-w-sm flex-col items-center gap-4">
        <h1 className="text-2xl font-semibold">
          {updated ? (
            <FormattedMessage id="routeError.updated.title" defaultMessage="Hearth has been updated" />
          ) : (
            <FormattedMessage id="routeError.failed.title" defaultMessage="Something went wrong" />
          )}
        </h1>
        <p className="text-muted-foreground">
          {updated ? (
            <FormattedMessage id="routeError.updated.body" defaultMessage="Reload the page to get the newest version." />
          ) : (
            <FormattedMessage id="routeError.failed.body" defaultMessage="Sorry about that. Reloading the page usually helps." />
          )}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={() => window.location.reload()}>
            <RotateCw aria-hidden /> <FormattedMessage id="routeError.reload" defaultMessage="Reload" />
          </Button>
          <Link to="/" reloadDocument className={buttonVariants({ variant: 'outline' })}>
            <FormattedMessage id="routeError.home" defaultMessage="Go to Home" />
          </Link>
        </div>
      </div>
    </main>
  )
}
