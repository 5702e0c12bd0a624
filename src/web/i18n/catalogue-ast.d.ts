// A catalogue imported with `?ast`: each message compiled to its AST when the app is built (scripts/i18n-compile.ts,
// decision 229), which react-intl formats without the ICU parser.
declare module '*.json?ast' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'

  const catalogue: Record<string, MessageFormatElement[]>
  export default catalogue
}
