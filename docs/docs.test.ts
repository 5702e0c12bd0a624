import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// The decision records are one file each with an index; these checks keep the index and the files in step, so a
// decision added without its row (or a row left pointing at a renamed file) fails here rather than in review.

const decisionsDir = join(import.meta.dirname, 'decisions')
/** From this decision on, a decision that replaces another replaces it whole (see `decisions/TEMPLATE.md`). */
const FIRST_WHOLE_REPLACEMENT = 214

function decisionFiles(): { file: string; number: number; title: string }[] {
  return readdirSync(decisionsDir)
    .filter((file) => /^\d{3}-.+\.md$/.test(file))
    .map((file) => {
      const heading = readFileSync(join(decisionsDir, file), 'utf8').split('\n')[0] ?? ''
      const match = /^# (\d+)\. (.+)$/.exec(heading)
      if (!match) throw new Error(`${file} does not open with "# N. Title"`)
      return { file, number: Number(match[1]), title: match[2] ?? '' }
    })
}

describe('docs/decisions', () => {
  it('names each file after the number in its heading, and uses each number once', () => {
    const files = decisionFiles()
    expect(files.length).toBeGreaterThan(0)
    for (const { file, number } of files) expect(file.slice(0, 3)).toBe(String(number).padStart(3, '0'))
    const numbers = files.map(({ number }) => number)
    expect(new Set(numbers).size).toBe(numbers.length)
  })

  it('lists every decision in the index once, under its own number and title', () => {
    const index = readFileSync(join(decisionsDir, 'README.md'), 'utf8')
    const rows = [...index.matchAll(/^\| (\d+) \| \[(.+?)\]\((.+?)\) \|/gm)].map((row) => ({
      number: Number(row[1]),
      title: row[2],
      file: row[3],
    }))
    const expected = decisionFiles().map(({ file, number, title }) => ({ number, title: title.replace(/\|/g, '/'), file }))
    expect(rows.sort((a, b) => a.number - b.number)).toEqual(expected.sort((a, b) => a.number - b.number))
  })

  it('replaces an earlier decision whole from decision 214 on, never "in part"', () => {
    const index = readFileSync(join(decisionsDir, 'README.md'), 'utf8')
    const partial = /\bin part\b|otherwise in force/i
    for (const { file } of decisionFiles().filter((decision) => decision.number >= FIRST_WHOLE_REPLACEMENT)) {
      const status = /Status: ([^\n]*)/.exec(readFileSync(join(decisionsDir, file), 'utf8'))?.[1] ?? ''
      expect(status, file).not.toMatch(partial)
    }
    for (const row of index.matchAll(/^\| (\d+) \| .+ \| (.+) \|$/gm)) {
      const statusText = row[2] ?? ''
      // an older row may still say "otherwise in force" of itself; what a newer decision did to it must be whole
      for (const by of statusText.matchAll(/superseded by (\d+)([^;|]*)/g)) {
        if (Number(by[1]) >= FIRST_WHOLE_REPLACEMENT) expect(`${by[0]}`, `row ${row[1]}`).not.toMatch(/\(|in part/)
      }
    }
  })
})

// docs/architecture.md lists every module under a heading, one bullet each with its name in backticks; these checks
// keep those lists the same as the folders and as the lint's lists, so a module added, moved or renamed without its
// line (or a line left for a folder that is gone) fails here.

/** The names of the bullets (`- \`name\`: ...`) under one `### heading` of docs/architecture.md. */
function architectureList(heading: string): string[] {
  const doc = readFileSync(join(import.meta.dirname, 'architecture.md'), 'utf8')
  const marker = `\n### ${heading}\n`
  const start = doc.indexOf(marker)
  if (start < 0) throw new Error(`docs/architecture.md has no "### ${heading}" heading`)
  const rest = doc.slice(start + marker.length)
  const end = rest.search(/\n#{2,3} /)
  const section = end < 0 ? rest : rest.slice(0, end)
  return [...section.matchAll(/^- `([^`]+)`/gm)].map((match) => match[1] ?? '')
}

const sorted = (names: readonly string[]) => [...names].sort()

describe('docs/architecture.md', () => {
  it('lists the web resource and screen modules that eslint.config.js knows', async () => {
    const { RESOURCE_MODULES, SCREEN_MODULES } = (await import('../eslint.config.js')) as {
      RESOURCE_MODULES: string[]
      SCREEN_MODULES: string[]
    }
    expect(sorted(architectureList('Resource modules'))).toEqual(sorted(RESOURCE_MODULES))
    expect(sorted(architectureList('Screen modules'))).toEqual(sorted(SCREEN_MODULES))
  })

  it('lists every server module folder', () => {
    const modulesDir = join(import.meta.dirname, '..', 'src', 'server', 'modules')
    const folders = readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    expect(sorted(architectureList('Server modules'))).toEqual(sorted(folders))
  })
})

// Comments and docs say a rule in words or point at a file of docs/ (docs/product/ for what the product does). They
// never cite documents a newcomer does not have: the specification's files and section numbers, the design and style
// notes kept beside the checkout, or issue numbers of a tracker that is not in the repository.

const root = join(import.meta.dirname, '..')
const OUTSIDE_CITATION =
  /\b[Ss]pec(?:ification)? 00\d|\b00\d section|\b[Ss]ections? \d|§|\bDESIGN(?:\.md)?\b|\bSTYLE\.md\b|\b[Ii]ssues? #?\d+/
const SCANNED = ['src', 'e2e', 'bench', 'scripts', 'docs', 'README.md', 'eslint.config.js', 'prettier.config.js', 'knip.config.ts']
const TEXT_FILE = /\.(?:ts|tsx|js|mjs|cjs|md|html|css|json|sql|webmanifest)$/
const NOT_SCANNED = [
  'docs/decisions/', // records of their time: an old decision is never rewritten, only superseded
  'docs/docs.test.ts', // this check's own pattern
]

function scannedFiles(path: string): string[] {
  if (!statSync(join(root, path)).isDirectory()) return [path]
  return readdirSync(join(root, path), { withFileTypes: true }).flatMap((entry) => {
    const child = `${path}/${entry.name}`
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : scannedFiles(child)
    return TEXT_FILE.test(entry.name) ? [child] : []
  })
}

describe('citations', () => {
  it('no comment or doc cites the specification, the design or style notes, or an issue number', () => {
    const found = SCANNED.flatMap(scannedFiles)
      .filter((file) => !NOT_SCANNED.some((prefix) => file.startsWith(prefix)))
      .flatMap((file) =>
        readFileSync(join(root, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => (OUTSIDE_CITATION.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      )
    expect(found).toEqual([])
  })

  it('finds a citation where there is one', () => {
    for (const line of [
      '// spec 001 section 4',
      '(000 section 8)',
      '/** Spec 000 sections 4 and 9 */',
      '(STYLE.md)',
      '(DESIGN section 7)',
      '(issue 17)',
      '§ 5',
    ])
      expect(line).toMatch(OUTSIDE_CITATION)
    for (const line of ['(docs/product/playback.md)', 'the playback section', 'decision 50', 'a design choice'])
      expect(line).not.toMatch(OUTSIDE_CITATION)
  })
})

// docs/architecture.md walks two things end to end ("## Two walks, end to end"), one `### title: N files` heading
// each with one bullet per file; these checks keep each list true to the tree and to the count in its heading, so a
// file renamed, merged or removed (or a count left as it was) fails here rather than going stale in the doc.

type Walk = { title: string; count: number; files: string[] }

/**
 * The most files each walk may list (decision 231). A walk gets shorter by folding a file into the one that uses it;
 * one that must grow raises its number here, where a reviewer sees it.
 */
const WALK_CEILINGS: Record<string, number> = { 'A voice message': 28, 'Accepting an invitation': 22 }

function architectureWalks(): Walk[] {
  const doc = readFileSync(join(import.meta.dirname, 'architecture.md'), 'utf8')
  const marker = '\n## Two walks, end to end\n'
  const start = doc.indexOf(marker)
  if (start < 0) throw new Error('docs/architecture.md has no "## Two walks, end to end" heading')
  const rest = doc.slice(start + marker.length)
  const end = rest.search(/\n## /)
  const section = end < 0 ? rest : rest.slice(0, end)
  return section
    .split('\n### ')
    .slice(1)
    .map((part) => {
      const [heading = '', ...lines] = part.split('\n')
      const match = /^(.+): (\d+) files$/.exec(heading)
      if (!match) throw new Error(`walk heading "${heading}" does not end in ": N files"`)
      const files = [...lines.join('\n').matchAll(/^- `([^`]+)`/gm)].map((bullet) => bullet[1] ?? '')
      return { title: match[1] ?? '', count: Number(match[2]), files }
    })
}

describe('docs/architecture.md walks', () => {
  const walks = architectureWalks()

  it('walks a voice message and accepting an invitation', () => {
    expect(walks.map(({ title }) => title)).toEqual(['A voice message', 'Accepting an invitation'])
  })

  it.each(walks)('$title: the heading counts the files listed, each once, each an app file that exists', ({ count, files }) => {
    expect(files).toHaveLength(count)
    expect(new Set(files).size).toBe(files.length)
    const missing = files.filter((file) => {
      try {
        return !statSync(join(root, file)).isFile()
      } catch {
        return true
      }
    })
    expect(missing).toEqual([])
    // the rule of counting leaves out tests and the shared vocabulary
    expect(files.filter((file) => !/^src\/(?:web|server)\//.test(file) || /\.test\.tsx?$/.test(file))).toEqual([])
  })

  it.each(walks)('$title: stays within its ceiling', ({ title, count }) => {
    expect(WALK_CEILINGS[title], `no ceiling for "${title}"`).toBeDefined()
    expect(count).toBeLessThanOrEqual(WALK_CEILINGS[title] ?? 0)
  })
})
