// Platforms are plugins (docs/decisions/0010-platform-descriptors.md): nothing outside a platform's
// folder adapters/platforms/<id>/ names its id. Everything else reads the registry (descriptors through
// the publishing module, usePlatforms() in the browser). Checked by `npm run lint`:
//   a string, template text or identifier that names a registered id (TypeScript and JavaScript; in
//   CSS any occurrence) is a violation, except a platform's own id inside its folder and the files
//   excepted below.
// Usage: node scripts/check-platform-ids.ts
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export type Finding = { file: string; line: number; id: string }

const root = path.resolve(import.meta.dirname, '..')
const PLATFORMS_DIR = 'adapters/platforms'
const scannedFolders = ['app', 'modules', 'server', 'scripts', 'adapters']
const sourceFile = /\.(ts|tsx|mts|js|jsx|mjs|css)$/

/** Where naming a platform is the point: tests and their fixtures, seeds, translations, migrations (history, never edited). */
const EXCEPTED: Array<RegExp> = [
	/\.test\.tsx?$/,
	/\.spec\.ts$/,
	/^tests\//,
	/^locales\//,
	/^migrations\//,
	// The registry lists the platform folders; meta/ is the code Facebook and Instagram share (one Meta app).
	/^adapters\/platforms\/index\.ts$/,
	/^adapters\/platforms\/meta\//,
	// Seeds and test tooling: bulk data, the fault drill and the benchmarks exercise concrete networks.
	/^scripts\/seed-bulk\.ts$/,
	// The migration proof fills the schema of its time (frozen like a migration).
	/^scripts\/migration-proof\//,
	/^scripts\/drill(\.ts|\/)/,
	/^scripts\/bench\//,
	// This check and the script that shows its findings.
	/^scripts\/check-platform-ids\.ts$/,
]

/**
 * Files that may still name platforms while they are converted to the registry (issue 18 emptied it).
 * The list only shrinks: an entry whose file no longer names a platform fails the check.
 */
export const ALLOWLIST: ReadonlyArray<string> = []

/** The registered ids: each platform folder's descriptor.ts names its `id`. */
export function platformIds(repoRoot: string): Array<string> {
	const dir = path.join(repoRoot, PLATFORMS_DIR)
	return fs
		.readdirSync(dir, { withFileTypes: true })
		.filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, 'descriptor.ts')))
		.map((entry) => {
			const match = /\bid:\s*'([a-z][a-z0-9]*)'/.exec(fs.readFileSync(path.join(dir, entry.name, 'descriptor.ts'), 'utf8'))
			if (!match) throw new Error(`${PLATFORMS_DIR}/${entry.name}/descriptor.ts names no id`)
			return match[1]!
		})
}

/** Whether `file` (relative, with /) may name any platform. */
export function isExcepted(file: string) {
	return EXCEPTED.some((pattern) => pattern.test(file))
}

/** The platform whose folder holds `file` (it may name itself there, and no other), or null. */
export function ownPlatform(file: string, ids: ReadonlyArray<string>) {
	return ids.find((id) => file.startsWith(`${PLATFORMS_DIR}/${id}/`)) ?? null
}

/** Every place in `source` that names one of `ids` (comments do not count). */
export function findIds(file: string, source: string, ids: ReadonlyArray<string>): Array<Finding> {
	const wanted = new Set(ids)
	const findings: Array<Finding> = []
	const lineOf = (position: number) => source.slice(0, position).split('\n').length
	if (file.endsWith('.css')) {
		const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
		const pattern = new RegExp(`\\b(${ids.join('|')})\\b`, 'g')
		for (const match of withoutComments.matchAll(pattern)) findings.push({ file, line: lineOf(match.index), id: match[1]! })
		return findings
	}
	const variant = file.endsWith('x') ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard
	const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, variant, source)
	const words = new RegExp(`\\b(${ids.join('|')})\\b`, 'g')
	// Open braces inside each `${...}` of the templates being read: the `}` that closes one continues the template.
	const templates: Array<number> = []
	for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
		if (token === ts.SyntaxKind.OpenBraceToken && templates.length) templates[templates.length - 1]! += 1
		else if (token === ts.SyntaxKind.CloseBraceToken && templates.length) {
			if (templates[templates.length - 1] === 0) {
				token = scanner.reScanTemplateToken(false)
				if (token === ts.SyntaxKind.TemplateTail) templates.pop()
			} else templates[templates.length - 1]! -= 1
		}
		if (token === ts.SyntaxKind.TemplateHead) templates.push(0)
		const start = scanner.getTokenStart()
		if (token === ts.SyntaxKind.Identifier) {
			if (wanted.has(scanner.getTokenValue())) findings.push({ file, line: lineOf(start), id: scanner.getTokenValue() })
		} else if (
			token === ts.SyntaxKind.StringLiteral ||
			token === ts.SyntaxKind.NoSubstitutionTemplateLiteral ||
			token === ts.SyntaxKind.TemplateHead ||
			token === ts.SyntaxKind.TemplateMiddle ||
			token === ts.SyntaxKind.TemplateTail ||
			token === ts.SyntaxKind.JsxText
		) {
			for (const match of scanner.getTokenValue().matchAll(words)) findings.push({ file, line: lineOf(start), id: match[1]! })
		}
	}
	return findings
}

export function checkPlatformIds(repoRoot: string) {
	const ids = platformIds(repoRoot)
	const findings: Array<Finding> = []
	const named = new Set<string>()
	for (const folder of scannedFolders) {
		for (const file of listFiles(path.join(repoRoot, folder))) {
			const relative = path.relative(repoRoot, file).split(path.sep).join('/')
			if (isExcepted(relative)) continue
			const own = ownPlatform(relative, ids)
			const found = findIds(relative, fs.readFileSync(file, 'utf8'), ids).filter((f) => f.id !== own)
			if (found.length) named.add(relative)
			if (!ALLOWLIST.includes(relative)) findings.push(...found)
		}
	}
	// An allowlisted file that no longer names a platform must leave the list (it only shrinks).
	const converted = ALLOWLIST.filter((file) => !named.has(file))
	return { ids, findings, converted }
}

function listFiles(dir: string): Array<string> {
	if (!fs.existsSync(dir)) return []
	return fs
		.readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile() && sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts'))
		.map((entry) => path.join(entry.parentPath, entry.name))
		.filter((file) => !file.split(path.sep).some((part) => part === 'node_modules' || part === '+types'))
		.sort()
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const { ids, findings, converted } = checkPlatformIds(root)
	for (const f of findings) console.error(`${f.file}:${f.line}: names the platform '${f.id}' (read the registry: descriptors through modules/publishing, usePlatforms() in app/)`)
	for (const file of converted) console.error(`${file}: names no platform any more: remove it from ALLOWLIST in scripts/check-platform-ids.ts`)
	if (findings.length || converted.length) {
		console.error(`\n${findings.length} platform id(s) named outside adapters/platforms/<id>/; see docs/decisions/0010-platform-descriptors.md.`)
		process.exit(1)
	}
	console.log(`Platform ids (${ids.join(', ')}): named only in their folders${ALLOWLIST.length ? ` (${ALLOWLIST.length} files still to convert)` : ''}`)
}
