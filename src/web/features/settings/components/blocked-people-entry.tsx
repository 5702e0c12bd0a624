import { Ban } from 'lucide-react'
import { Link } from 'react-router'
import { MESSAGE_REQUEST_TEXTS } from '#shared/message-requests-texts.ts'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'

/** The way to the people one blocked, where each can be unblocked (decision 203). */
export function BlockedPeopleEntry() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{MESSAGE_REQUEST_TEXTS.blockedTitle}</CardTitle>
        <CardDescription>{MESSAGE_REQUEST_TEXTS.blockedEntryDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <Link to="/settings/blocked" className={buttonVariants({ variant: 'outline' })}>
          <Ban aria-hidden />
          {MESSAGE_REQUEST_TEXTS.blockedEntryLink}
        </Link>
      </CardContent>
    </Card>
  )
}
