import { useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, ExternalLink, LogOut } from 'lucide-react'
import { Link, useNavigate } from 'react-router'
import { useAuth } from '#web/app/auth-provider.tsx'
import { Avatar } from '#web/components/avatar.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { useProfileQuery } from '#web/features/profile/queries.ts'
import { authClient } from '#web/lib/auth-client.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'

export function SettingsPage() {
  usePageMeta({ title: 'Settings - Hearth' })
  const { user } = useAuth()
  const profile = useProfileQuery()
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  const signOut = async () => {
    try {
      await authClient.signOut()
    } catch (error) {
      console.warn('sign-out failed', error)
    }
    queryClient.clear()
    navigate('/', { replace: true })
  }

  const name = profile.data?.name ?? user?.name ?? ''
  return (
    <div className="mx-auto min-h-dvh w-full max-w-2xl px-4 pb-16 sm:px-6">
      <header className="flex items-center gap-2 py-4">
        <Button asChild variant="ghost" size="icon">
          <Link to="/" aria-label="Back">
            <ArrowLeft aria-hidden />
          </Link>
        </Button>
        <h1 className="text-2xl font-semibold">Settings</h1>
      </header>
      <main className="flex flex-col gap-4">
        <Card>
          <CardHeader>
            <CardTitle>Account</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <div className="flex items-center gap-3">
              <Avatar name={name || 'User'} className="size-14" />
              <div className="min-w-0">
                <p className="truncate font-medium">{name}</p>
                <p className="truncate text-sm text-muted-foreground">{user?.email}</p>
              </div>
            </div>
            {user && (
              <Button asChild variant="outline" className="w-fit">
                <Link to={`/u/${user.id}`}>
                  <ExternalLink aria-hidden /> Preview Public Profile
                </Link>
              </Button>
            )}
          </CardContent>
        </Card>
        <Button variant="outline" className="w-full text-destructive" onClick={() => void signOut()}>
          <LogOut aria-hidden /> Sign Out
        </Button>
      </main>
    </div>
  )
}
