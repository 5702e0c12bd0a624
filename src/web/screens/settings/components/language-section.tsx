import { useId } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '#shared/locales.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Field } from '#web/components/ui/field.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { useProfileQuery, useUpdateProfileMutation } from '#web/resources/profiles/queries.ts'
import { toast } from '#web/lib/toast.ts'
import { cn } from '#web/lib/utils.ts'

const SAME_AS_DEVICE = ''

/**
 * The language Hearth speaks to this person (decision 221), kept with the account: on every device they sign in on,
 * and in their mails. "Same as this device" (null) follows each browser's language. A change shows at once: the
 * app's language follows the profile.
 */
export function LanguageSection() {
  const intl = useIntl()
  const id = useId()
  const profile = useProfileQuery()
  const update = useUpdateProfileMutation()
  // while a change is on its way the select shows the asked-for language
  const stored = update.isPending && update.variables.language !== undefined ? update.variables.language : profile.data?.language
  const value = stored ?? SAME_AS_DEVICE

  const choose = (next: string) => {
    const language: Locale | null = isLocale(next) ? next : null
    update.mutate(
      { language },
      {
        onError: () =>
          toast.error(
            intl.formatMessage({ id: 'settings.language.failed', defaultMessage: 'Could not change the language. Please try again.' }),
          ),
      },
    )
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="settings.language.title" defaultMessage="Language" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="settings.language.description"
            defaultMessage="The language Hearth speaks to you, on screen and in its e-mails."
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Field>
          <Label htmlFor={id}>
            <FormattedMessage id="settings.language.label" defaultMessage="Language" />
          </Label>
          <select
            id={id}
            value={value}
            disabled={!profile.data}
            aria-busy={update.isPending || undefined}
            onChange={(event) => choose(event.target.value)}
            className={cn(
              'h-11 w-full min-w-0 rounded-lg border border-input bg-field px-3 text-base text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-55 md:text-sm',
            )}
          >
            <option value={SAME_AS_DEVICE}>
              {intl.formatMessage({ id: 'settings.language.device', defaultMessage: 'Same as this device' })}
            </option>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {LOCALE_NAMES[locale]}
              </option>
            ))}
          </select>
        </Field>
      </CardContent>
    </Card>
  )
}
