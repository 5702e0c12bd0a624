import { toast } from 'sonner'
import { SETTINGS_TEXTS } from '#shared/profile.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { Switch } from '#web/components/ui/switch.tsx'
import { useProfileQuery, useUpdateProfileMutation } from '#web/features/profile/queries.ts'

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
  )
}
