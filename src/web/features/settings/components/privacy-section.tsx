import { toast } from '#web/lib/toast.ts'
import { SETTINGS_TEXTS } from '#shared/profile.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { useProfileQuery, useUpdateProfileMutation } from '#web/features/profile/queries.ts'
import { SwitchField } from '#web/components/switch-field.tsx'

/** Whether people who type your exact e-mail address find you in the directory (decision 37). */
export function PrivacySection() {
  const profile = useProfileQuery()
  const updateProfile = useUpdateProfileMutation()
  return (
    <Card>
      <CardHeader>
        <CardTitle>{SETTINGS_TEXTS.privacyTitle}</CardTitle>
        <CardDescription>{SETTINGS_TEXTS.privacyDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <SwitchField
          id="findable-by-email"
          label={SETTINGS_TEXTS.findableByEmailLabel}
          hint={SETTINGS_TEXTS.findableByEmailHint}
          // the switch shows the stored value; while a change is on its way it shows the asked-for one
          checked={updateProfile.isPending ? Boolean(updateProfile.variables.findable_by_email) : Boolean(profile.data?.findable_by_email)}
          disabled={!profile.data}
          saving={updateProfile.isPending}
          onCheckedChange={(checked) =>
            updateProfile.mutate({ findable_by_email: checked }, { onError: () => toast.error(SETTINGS_TEXTS.saveFailed) })
          }
        />
      </CardContent>
    </Card>
  )
}
