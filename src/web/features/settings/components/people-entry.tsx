import { Users } from 'lucide-react'
import { Link } from 'react-router'
import { ADMIN_TEXTS } from '#shared/admin.ts'
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
        <CardTitle>{ADMIN_TEXTS.entryTitle}</CardTitle>
        <CardDescription>{ADMIN_TEXTS.entryDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/settings/people" className={buttonVariants({ variant: 'outline' })}>
          <Users aria-hidden />
          {ADMIN_TEXTS.entryLink}
        </Link>
      </CardContent>
    </Card>
  )
}
