import { FormattedMessage } from 'react-intl'
import { Ban } from 'lucide-react'
import { Link } from 'react-router'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'

/** The way to the people one blocked, where each can be unblocked (decision 203). */
export function BlockedPeopleEntry() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="settings.blocked.title" defaultMessage="Blocked people" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="settings.blocked.description"
            defaultMessage="People whose message requests you blocked. You can unblock them here."
          />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/settings/blocked" className={buttonVariants({ variant: 'outline' })}>
          <Ban aria-hidden />
          <FormattedMessage id="settings.blocked.link" defaultMessage="See blocked people" />
        </Link>
      </CardContent>
    </Card>
  )
}
