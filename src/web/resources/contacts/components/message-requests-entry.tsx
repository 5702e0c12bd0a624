import { FormattedMessage } from 'react-intl'
import { Inbox } from 'lucide-react'
import { Link } from 'react-router'
import { buttonVariants } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/utils.ts'
import { useMessageRequestsQuery } from '../queries.ts'

/**
 * The quiet way into the message requests from home (decision 123): a small link with their number, shown only while
 * there are some. Not a dialog and not a badge on the grid: a request is not part of the circle.
 */
export function MessageRequestsEntry({ className }: { className?: string }) {
  const requests = useMessageRequestsQuery()
  const count = requests.data?.requests.length ?? 0
  if (count === 0) return null
  return (
    <Link
      data-slot="message-requests-entry"
      to="/requests"
      className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'rounded-full bg-card/70', className)}
    >
      <Inbox aria-hidden />
      <FormattedMessage id="requests.entry" defaultMessage="Message requests ({count})" values={{ count }} />
    </Link>
  )
}
