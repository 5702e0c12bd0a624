import { Link, useSearchParams } from 'react-router'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { usePageMeta } from '#web/lib/page-meta.ts'

/**
 * /auth/invite?token=: invitation acceptance. Invitations themselves arrive with the invitations issue; until
 * then every token is unknown to the server, so the honest answer is 'Invitation not found.'.
 */
export function InviteAcceptPage() {
  usePageMeta({ title: 'Invitation - Hearth' })
  const [params] = useSearchParams()
  const token = params.get('token')
  return (
    <main className="grid min-h-dvh place-items-center px-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <CardTitle>
            <span role="heading" aria-level={1}>
              {token ? 'Invitation not found.' : 'Invalid invitation link'}
            </span>
          </CardTitle>
          <CardDescription>{token ? 'Ask the person who invited you to send a new invitation.' : 'Invalid or missing invite token.'}</CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/" className={buttonVariants({ className: 'w-full' })}>
            Go to Home
          </Link>
        </CardContent>
      </Card>
    </main>
  )
}
