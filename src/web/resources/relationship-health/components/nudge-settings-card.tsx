import { FormattedMessage, useIntl } from 'react-intl'
import { toast } from '#web/lib/toast.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { useNudgeSettingsQuery, useUpdateNudgeSettingsMutation } from '../queries.ts'
import { SwitchField } from '#web/components/switch-field.tsx'

/** The settings card that turns gentle nudges on or off. */
export function NudgeSettingsCard() {
  const settings = useNudgeSettingsQuery()
  const update = useUpdateNudgeSettingsMutation()
  const intl = useIntl()
  return (
    <Card data-slot="nudge-settings-card">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="settings.nudges.title" defaultMessage="Gentle nudges" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="settings.nudges.description"
            defaultMessage="At most one a week, when you and someone haven’t talked for about twice your usual gap: a notification where you turned them on, else an e-mail."
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <SwitchField
          id="nudges-enabled"
          label={<FormattedMessage id="settings.nudges.label" defaultMessage="Nudge me when a relationship goes quiet" />}
          checked={settings.data?.enabled ?? false}
          disabled={!settings.data}
          saving={update.isPending}
          onCheckedChange={(enabled) =>
            update.mutate(
              { enabled },
              // the switch shows the change; only a failure is told (decision 209)
              {
                onError: () =>
                  toast.error(
                    intl.formatMessage({
                      id: 'settings.nudges.failed',
                      defaultMessage: 'Failed to update nudge settings. Please try again.',
                    }),
                  ),
              },
            )
          }
        />
        {settings.isError && (
          <p role="alert" className="mt-2 text-sm text-destructive-text">
            {settings.error.message}
          </p>
        )}
      </CardContent>
    </Card>
  )
}
