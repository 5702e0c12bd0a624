// The house format: no semicolons, single quotes, trailing commas, 140 columns. Tailwind classes are sorted
// in className and in cn()/cva() calls. Prettier demands the default export.
/** @type {import('prettier').Config} */
export default {
  semi: false,
  singleQuote: true,
  trailingComma: 'all',
  printWidth: 140,
  plugins: ['prettier-plugin-tailwindcss'],
  tailwindStylesheet: './src/web/styles.css',
  tailwindFunctions: ['cn', 'cva'],
}
