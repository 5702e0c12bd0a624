import { toast } from '#web/lib/toast.ts'
import { NOTIFICATION_TEXTS } from '#shared/notifications-texts.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { useProfileQuery, useUpdateProfileMutation } from '#web/features/profile/queries.ts'
import { PushControls } from './push-controls.tsx'
import { SwitchField } from '#web/components/switch-field.tsx'

/** The settings Notifications card (docs/product/settings.md): new-message mail with transcripts. */
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
      // the switch shows the change; only a failure is told (decision 209)
      { onError: () => toast.error(NOTIFICATION_TEXTS.emailFailedTitle, { description: NOTIFICATION_TEXTS.emailFailed }) },
    )

  return (
    <Card data-slot="notifications-card">
      <CardHeader>
        <CardTitle>{NOTIFICATION_TEXTS.cardTitle}</CardTitle>
        <CardDescription>{NOTIFICATION_TEXTS.cardDescription}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <SwitchField
          id="email-notifications"
          label={NOTIFICATION_TEXTS.emailLabel}
          hint={NOTIFICATION_TEXTS.emailHint}
          checked={emailOn}
          disabled={!profile.data}
          saving={updateProfile.isPending}
          onCheckedChange={onEmailChange}
        />
        <PushControls />
      </CardContent>
    </Card>
  )
}
