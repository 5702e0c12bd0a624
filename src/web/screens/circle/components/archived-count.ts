import type { IntlShape } from 'react-intl'

/** 'N archived contact(s)': '1 archived contact', '2 archived contacts'. */
export function archivedCountLabel(intl: IntlShape, count: number): string {
  return intl.formatMessage(
    { id: 'archived.count', defaultMessage: '{count, plural, one {# archived contact} other {# archived contacts}}' },
    { count },
  )
}
