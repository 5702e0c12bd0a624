import { useIntl } from 'react-intl'
import { Eye, EyeOff } from 'lucide-react'
import { useState } from 'react'
import type * as React from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { cn } from '#web/lib/utils.ts'

/** A password field with an icon button that shows or hides what was typed. */
export function PasswordInput({ className, ...props }: Omit<React.ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false)
  const intl = useIntl()
  return (
    <div data-slot="password-input" className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pe-12', className)} {...props} />
      <Button
        variant="ghost"
        size="icon"
        className="absolute end-0.5 top-0.5 text-muted-foreground hover:text-foreground"
        aria-label={
          visible
            ? intl.formatMessage({ id: 'common.password.hide', defaultMessage: 'Hide password' })
            : intl.formatMessage({ id: 'common.password.show', defaultMessage: 'Show password' })
        }
        aria-controls={props.id}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
      </Button>
    </div>
  )
}
