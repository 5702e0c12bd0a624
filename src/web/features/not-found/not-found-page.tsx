import { Link } from 'react-router'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { usePageMeta } from '#web/lib/page-meta.ts'

export function NotFoundPage() {
  usePageMeta({ title: 'Page not found - Hearth' })
  return (
    <main className="grid min-h-dvh place-items-center px-4 text-center">
      <div className="flex flex-col items-center gap-4">
        <p className="text-6xl font-semibold text-primary">404</p>
        <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
        <p className="text-muted-foreground">The page you were looking for isn't here.</p>
        <Link to="/" className={buttonVariants()}>
          Return to Home
        </Link>
      </div>
    </main>
  )
}
