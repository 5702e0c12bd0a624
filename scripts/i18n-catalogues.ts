import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { ERROR_REASONS } from '#shared/error-reasons.ts'
import { LOCALES } from '#shared/locales.ts'

/**
 * The message catalogues of the web app and the server (decision 220): where they are, the messages the code defines
 * (each `{ id, defaultMessage }` object and each `<FormattedMessage id defaultMessage>`), and en.json written from them.
 * The web build reads the code's messages the same way to compile them (i18n-compile.ts, decision 229).
 * `node scripts/i18n-catalogues.ts` writes each en.json from the code; the catalogue check (i18n-catalogues.test.ts)
 * fails when one is out of step, and when a translation misses or adds a message or changes its arguments.
 * The web's catalogues also hold the server's error reasons (decision 230): messages the code looks up by the id the
 * server sent, written from `#shared/error-reasons.ts` rather than from a `defaultMessage`.
 */
const root = fileURLToPath(new URL('..', import.meta.url))

export type CodeMessage = { id: string; defaultMessage: string; file: string }

export type CatalogueRoot = {
  name: 'web' | 'server'
  code: string
  messages: string
  /** messages from a shared list, by id, that the code looks up by an id it was given */
  listed: CodeMessage[]
}

const reasonsFile = 'src/shared/error-reasons.ts'

export const CATALOGUE_ROOTS: CatalogueRoot[] = [
  {
    name: 'web',
    code: path.join(root, 'src/web'),
    messages: path.join(root, 'src/web/i18n/messages'),
    listed: Object.entries(ERROR_REASONS).map(([id, defaultMessage]) => ({ id, defaultMessage, file: reasonsFile })),
  },
  { name: 'server', code: path.join(root, 'src/server'), messages: path.join(root, 'src/server/i18n/messages'), listed: [] },
]

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

const literal = (node: ts.Node | undefined): string | undefined =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined

/**
 * A message as one source file writes it: its id and English when they are plain strings, where it is, and where its
 * English stands in the text (`start`, `end`; `attribute` when it is a JSX attribute's bare string, `defaultMessage="…"`),
 * so the build can write the English compiled in its place (i18n-compile.ts).
 */
export type SourceMessage = {
  id: string | undefined
  defaultMessage: string | undefined
  where: string
  start: number
  end: number
  attribute: boolean
}

/** Each `{ id, defaultMessage }` object and each `<… id defaultMessage>` element of one source file. */
export function messagesInSource(file: string, text: string): SourceMessage[] {
  const messages: SourceMessage[] = []
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const where = (node: ts.Node) => `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
  const visit = (node: ts.Node) => {
    let id: ts.Node | undefined
    let message: ts.Node | undefined
    let isMessage = false
    if (ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties) {
        if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue
        if (property.name.text === 'id') id = property.initializer
        if (property.name.text === 'defaultMessage') {
          message = property.initializer
          isMessage = true
        }
      }
    } else if (ts.isJsxAttributes(node)) {
      for (const attribute of node.properties) {
        if (!ts.isJsxAttribute(attribute) || !ts.isIdentifier(attribute.name)) continue
        const value =
          attribute.initializer && ts.isJsxExpression(attribute.initializer) ? attribute.initializer.expression : attribute.initializer
        if (attribute.name.text === 'id') id = value
        if (attribute.name.text === 'defaultMessage') {
          message = value
          isMessage = true
        }
      }
    }
    if (isMessage)
      messages.push({
        id: literal(id),
        defaultMessage: literal(message),
        where: where(node),
        start: message ? message.getStart(source) : node.getStart(source),
        end: message ? message.getEnd() : node.getEnd(),
        attribute: message !== undefined && ts.isJsxAttribute(message.parent),
      })
    ts.forEachChild(node, visit)
  }
  visit(source)
  return messages
}

/** The messages written in the code under `dir`, and what is wrong with how some are written (a computed text). */
export function messagesInCode(dir: string): { messages: CodeMessage[]; problems: string[] } {
  const messages: CodeMessage[] = []
  const problems: string[] = []
  for (const file of sourceFiles(dir)) {
    const text = fs.readFileSync(file, 'utf8')
    if (!text.includes('defaultMessage')) continue
    for (const { id, defaultMessage, where } of messagesInSource(file, text)) {
      if (id === undefined || defaultMessage === undefined)
        problems.push(`${where}: a message's id and defaultMessage must be plain strings`)
      else messages.push({ id, defaultMessage, file: where })
    }
  }
  return { messages, problems }
}

/** en.json as the code defines it: sorted by id. Throws when one id carries two texts. */
export function englishCatalogue(messages: CodeMessage[]): Record<string, string> {
  const byId = new Map<string, CodeMessage>()
  for (const message of messages) {
    const known = byId.get(message.id)
    if (known && known.defaultMessage !== message.defaultMessage)
      throw new Error(`${message.id} has two texts: ${known.file} and ${message.file}`)
    byId.set(message.id, message)
  }
  return Object.fromEntries([...byId.keys()].sort().map((id) => [id, byId.get(id)?.defaultMessage ?? '']))
}

/** en.json as the code and the shared lists define it; throws as englishCatalogue does, or with the code's problems. */
export function expectedEnglish(catalogue: CatalogueRoot): Record<string, string> {
  const { messages, problems } = messagesInCode(catalogue.code)
  if (problems.length > 0) throw new Error(problems.join('\n'))
  return englishCatalogue([...messages, ...catalogue.listed])
}

export function readCatalogue(file: string): Record<string, string> {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>
}

/** Writes en.json of each catalogue root that has a messages folder, and lists what each translation lacks. */
function writeEnglish() {
  for (const catalogue of CATALOGUE_ROOTS) {
    if (!fs.existsSync(catalogue.messages)) continue
    const fromCode = expectedEnglish(catalogue)
    // messages the code looks up by a computed id (the server's analysis labels) are in en.json alone: kept as they are
    const englishFile = path.join(catalogue.messages, 'en.json')
    const before = fs.existsSync(englishFile) ? readCatalogue(englishFile) : {}
    const lookedUp = Object.keys(before).filter((id) => !(id in fromCode))
    if (lookedUp.length > 0) console.log(`${catalogue.name}: kept ${lookedUp.length} messages the code does not define by a plain id`)
    const merged: Record<string, string> = { ...fromCode, ...Object.fromEntries(lookedUp.map((id) => [id, before[id] ?? ''])) }
    const english = Object.fromEntries(
      Object.keys(merged)
        .sort()
        .map((id) => [id, merged[id] ?? '']),
    )
    fs.writeFileSync(englishFile, `${JSON.stringify(english, null, 2)}\n`)
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const file = path.join(catalogue.messages, `${locale}.json`)
      const translated = fs.existsSync(file) ? readCatalogue(file) : {}
      const missing = Object.keys(english).filter((id) => !(id in translated))
      if (missing.length > 0) console.log(`${catalogue.name} ${locale} lacks ${missing.length}: ${missing.join(', ')}`)
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeEnglish()
