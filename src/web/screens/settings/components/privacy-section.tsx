import { FormattedMessage, useIntl } from 'react-intl'
import { toast } from '#web/lib/toast.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { useProfileQuery, useUpdateProfileMutation } from '#web/resources/profiles/queries.ts'
import { SwitchField } from '#web/components/switch-field.tsx'

/** Whether people who type your exact e-mail address find you in the directory (decision 37). */
export function PrivacySection() {
  const profile = useProfileQuery()
  const updateProfile = useUpdateProfileMutation()
  const intl = useIntl()
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="settings.privacy.title" defaultMessage="Privacy" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage id="settings.privacy.description" defaultMessage="Who can find you on Hearth." />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <SwitchField
          id="findable-by-email"
          label={<FormattedMessage id="settings.privacy.findable" defaultMessage="Let people find me by my email address" />}
          hint={
            <FormattedMessage
              id="settings.privacy.findable.hint"
              defaultMessage="When this is on, someone who types your exact email address in the directory finds you. Your address is never shown. People can always find you by name."
            />
          }
          // the switch shows the stored value; while a change is on its way it shows the asked-for one
          checked={updateProfile.isPending ? Boolean(updateProfile.variables.findable_by_email) : Boolean(profile.data?.findable_by_email)}
          disabled={!profile.data}
          saving={updateProfile.isPending}
          onCheckedChange={(checked) =>
            updateProfile.mutate(
              { findable_by_email: checked },
              {
                onError: () =>
                  toast.error(
                    intl.formatMessage({ id: 'settings.saveFailed', defaultMessage: 'Could not save this setting. Please try again.' }),
                  ),
              },
            )
          }
        />
      </CardContent>
    </Card>
  )
}
