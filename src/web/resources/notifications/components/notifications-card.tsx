import { FormattedMessage, useIntl } from 'react-intl'
import { toast } from '#web/lib/toast.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { useProfileQuery, useUpdateProfileMutation } from '#web/resources/profiles/queries.ts'
import { PushControls } from './push-controls.tsx'
import { SwitchField } from '#web/components/switch-field.tsx'

/** The settings Notifications card (docs/product/settings.md): new-message mail with transcripts. */
export function NotificationsCard() {
  const profile = useProfileQuery()
  const updateProfile = useUpdateProfileMutation()
  const intl = useIntl()
  // the switch shows the stored value; while a change is on its way it shows the asked-for one
  const emailOn =
    updateProfile.isPending && updateProfile.variables.email_notifications_enabled !== undefined
      ? updateProfile.variables.email_notifications_enabled
      : Boolean(profile.data?.email_notifications_enabled)

  const onEmailChange = (checked: boolean) =>
    updateProfile.mutate(
      { email_notifications_enabled: checked },
      // the switch shows the change; only a failure is told (decision 209)
      {
        onError: () =>
          toast.error(intl.formatMessage({ id: 'settings.notifications.error', defaultMessage: 'Error' }), {
            description: intl.formatMessage({
              id: 'settings.notifications.email.failed',
              defaultMessage: 'Failed to update email notification settings. Please try again.',
            }),
          }),
      },
    )

  return (
    <Card data-slot="notifications-card">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="settings.notifications.title" defaultMessage="Notifications" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage id="settings.notifications.description" defaultMessage="How Hearth tells you that a voice message arrived." />
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <SwitchField
          id="email-notifications"
          label={<FormattedMessage id="settings.notifications.email" defaultMessage="Email Notifications" />}
          hint={
            <FormattedMessage id="settings.notifications.email.hint" defaultMessage="Receive new messages with transcripts via email" />
          }
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
