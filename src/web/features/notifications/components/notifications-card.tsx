import { toast } from 'sonner'
import { NOTIFICATION_TEXTS } from '#shared/notifications.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { Switch } from '#web/components/ui/switch.tsx'
import { useProfileQuery, useUpdateProfileMutation } from '#web/features/profile/queries.ts'
import { PushControls } from './push-controls.tsx'

/** The settings Notifications card (spec 001): new-message mail with transcripts. */
export function NotificationsCard() {
  const profile = useProfileQuery()
  const updateProfile = useUpdateProfileMutation()
  // the switch shows the stored value; while a change is on its way it shows the asked-for one
  const emailOn =
    updateProfile.isPending && updateProfile.variables.email_notifications_enabled !== undefined
      ? updateProfile.variables.email_notifications_enabled
      : Boolean(profile.data?.email_notifications_enabled)

  const onEmailChange = (checked: boolean) =>
    updateProfile.mutate(
      { email_notifications_enabled: checked },
      {
        onSuccess: () =>
          toast.success(NOTIFICATION_TEXTS.emailUpdatedTitle, {
            description: checked ? NOTIFICATION_TEXTS.emailOn : NOTIFICATION_TEXTS.emailOff,
          }),
        onError: () => toast.error(NOTIFICATION_TEXTS.emailFailedTitle, { description: NOTIFICATION_TEXTS.emailFailed }),
      },
    )

  return (
    <Card data-slot="notifications-card">
      <CardHeader>
        <CardTitle>{NOTIFICATION_TEXTS.cardTitle}</CardTitle>
        <CardDescription>{NOTIFICATION_TEXTS.cardDescription}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-start justify-between gap-4">
          <div className="flex min-w-0 flex-col gap-1">
            <Label htmlFor="email-notifications" className="cursor-pointer text-base font-medium">
              {NOTIFICATION_TEXTS.emailLabel}
            </Label>
            <p id="email-notifications-hint" className="text-sm text-muted-foreground">
              {NOTIFICATION_TEXTS.emailHint}
            </p>
          </div>
          <Switch
            id="email-notifications"
            aria-describedby="email-notifications-hint"
            checked={emailOn}
            disabled={!profile.data || updateProfile.isPending}
            onCheckedChange={onEmailChange}
          />
        </div>
        <PushControls />
      </CardContent>
    </Card>
  )
}
