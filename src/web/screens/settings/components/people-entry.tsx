import { FormattedMessage } from 'react-intl'
import { Users } from 'lucide-react'
import { Link } from 'react-router'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { useHearthRoleQuery } from '../people-queries.ts'

/** The way to the owner's screen, shown to the owner only (everyone else would meet a 403 there). */
export function PeopleEntry() {
  const role = useHearthRoleQuery()
  if (!role.data?.owner) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="settings.people.title" defaultMessage="People on this Hearth" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage id="settings.people.description" defaultMessage="Who has an account, who may join, and what you changed." />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/settings/people" className={buttonVariants({ variant: 'outline' })}>
          <Users aria-hidden />
          <FormattedMessage id="settings.people.link" defaultMessage="Manage people" />
        </Link>
      </CardContent>
    </Card>
  )
}
