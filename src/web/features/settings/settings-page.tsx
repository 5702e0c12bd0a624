import { ExternalLink, LogOut } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { defaultProfileName, SETTINGS_TEXTS } from '#shared/profile.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { PageHeader, PageLayout } from '#web/components/page-layout.tsx'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { Switch } from '#web/components/ui/switch.tsx'
import { useProfileQuery, useUpdateProfileMutation } from '#web/features/profile/queries.ts'
import { NudgeSettingsCard } from '#web/features/relationship-health/components/nudge-settings-card.tsx'
import { logUnexpected } from '#web/lib/errors.ts'
import { usePageMeta } from '#web/lib/page-meta.ts'
import { useAuth } from '#web/lib/use-auth.ts'
import { PhotoManager } from './photo-manager.tsx'

/** /settings: the account, the photos, privacy and Sign Out. The other settings of spec 001 join here with their features. */
export function SettingsPage() {
  usePageMeta({ title: 'Settings - Hearth' })
  const { user, signOut } = useAuth()
  const profile = useProfileQuery()
  const updateProfile = useUpdateProfileMutation()
  const navigate = useNavigate()
  const [signingOut, setSigningOut] = useState(false)

  const onSignOut = async () => {
    setSigningOut(true)
    try {
      await signOut()
    } catch (error) {
      // Spec: sign-out errors are only logged, and the visitor goes home either way. The auth provider clears the
      // query cache as soon as the session has ended.
      logUnexpected(error, 'sign-out failed')
    }
    navigate('/', { replace: true })
  }

  const name = profile.data?.name ?? defaultProfileName(user?.name, user?.email)
  const email = profile.data?.email ?? user?.email ?? ''

  return (
    <PageLayout
      className="gap-4"
      header={
        <PageHeader
          back="/"
          title="Settings"
          actions={
            user && (
              <Link to={`/u/${user.id}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                <ExternalLink aria-hidden />
                Preview Public Profile
              </Link>
            )
          }
        />
      }
    >
      <Card>
        <CardHeader>
          <CardTitle>Account</CardTitle>
          <CardDescription>The name your circle sees, and the address you sign in with.</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="flex items-center gap-4">
            <Avatar name={name} src={profile.data?.profile_picture_url} alt="" size="lg" />
            <dl className="flex min-w-0 flex-col gap-1">
              <div>
                <dt className="sr-only">Name</dt>
                <dd className="truncate text-base font-semibold">{name}</dd>
              </div>
              <div>
                <dt className="sr-only">Email</dt>
                <dd className="truncate text-sm text-muted-foreground">{email}</dd>
              </div>
            </dl>
          </div>
        </CardContent>
      </Card>

      <PhotoManager />

      <Card>
        <CardHeader>
          <CardTitle>{SETTINGS_TEXTS.privacyTitle}</CardTitle>
          <CardDescription>{SETTINGS_TEXTS.privacyDescription}</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="flex items-start justify-between gap-4">
            <div className="flex min-w-0 flex-col gap-1">
              <Label htmlFor="findable-by-email" className="cursor-pointer text-base font-medium">
                {SETTINGS_TEXTS.findableByEmailLabel}
              </Label>
              <p id="findable-by-email-hint" className="text-sm text-muted-foreground">
                {SETTINGS_TEXTS.findableByEmailHint}
              </p>
            </div>
            <Switch
              id="findable-by-email"
              aria-describedby="findable-by-email-hint"
              // the switch shows the stored value; while a change is on its way it shows the asked-for one
              checked={
                updateProfile.isPending ? Boolean(updateProfile.variables.findable_by_email) : Boolean(profile.data?.findable_by_email)
              }
              disabled={!profile.data || updateProfile.isPending}
              onCheckedChange={(checked) =>
                updateProfile.mutate({ findable_by_email: checked }, { onError: () => toast.error(SETTINGS_TEXTS.saveFailed) })
              }
            />
          </div>
        </CardContent>
      </Card>

      <NudgeSettingsCard />

      <Button
        variant="outline"
        size="lg"
        className="w-full text-destructive-text hover:text-destructive-text"
        disabled={signingOut}
        onClick={() => void onSignOut()}
      >
        <LogOut aria-hidden />
        Sign Out
      </Button>
    </PageLayout>
  )
}
