// The import rules of ARCHITECTURE.md ("Direction of imports"), checked by `npm run lint`:
//   app/      no SQL (kysely, pg, the db module; `import type` is fine) and no adapters
//   modules/  nothing from app/, adapters/ or server/; modules/core nothing of another module
//   adapters/ nothing from app/ or server/
// Usage: node scripts/check-boundaries.ts
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export type Violation = { file: string; line: number; specifier: string; rule: string }

type ImportRef = { specifier: string; line: number; typeOnly: boolean }

const root = path.resolve(import.meta.dirname, '..')
const scannedFolders = ['app', 'modules', 'adapters']
const sourceExtensions = /\.(ts|tsx|mts|js|jsx|mjs)$/

/** The package.json "imports" prefixes, e.g. `#modules/` -> `modules/`. */
export function readAliases(packageJson: { imports?: Record<string, string> }) {
	const aliases: Record<string, string> = {}
	for (const [key, target] of Object.entries(packageJson.imports ?? {})) {
		if (key.endsWith('/*') && target.endsWith('/*')) {
			aliases[key.slice(0, -1)] = path.posix.normalize(target.slice(0, -1)).replace(/^\.\//, '')
		}
	}
	return aliases
}

/** Every import specifier of a file: static imports, re-exports, dynamic import() and import types. */
export function findImports(file: string, source: string): Array<ImportRef> {
	const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
	const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind)
	const found: Array<ImportRef> = []
	const add = (node: ts.Node, specifier: ts.Node | undefined, typeOnly: boolean) => {
		if (!specifier || !ts.isStringLiteralLike(specifier)) return
		const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1
		found.push({ specifier: specifier.text, line, typeOnly })
	}
	const visit = (node: ts.Node) => {
		if (ts.isImportDeclaration(node)) {
			add(node, node.moduleSpecifier, node.importClause?.isTypeOnly ?? false)
		} else if (ts.isExportDeclaration(node)) {
			add(node, node.moduleSpecifier, node.isTypeOnly)
		} else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
			add(node, node.arguments[0], false)
		} else if (ts.isImportTypeNode(node)) {
			const argument = node.argument
			add(node, ts.isLiteralTypeNode(argument) ? argument.literal : undefined, true)
		}
		ts.forEachChild(node, visit)
	}
	visit(sourceFile)
	return found
}

type Target = { kind: 'package'; name: string } | { kind: 'path'; path: string } | { kind: 'other' }

/** What a specifier points at: a package name, or a repository-relative path. */
export function resolveTarget(file: string, specifier: string, aliases: Record<string, string>): Target {
	for (const [prefix, folder] of Object.entries(aliases)) {
		if (specifier.startsWith(prefix)) return { kind: 'path', path: folder + specifier.slice(prefix.length) }
	}
	if (specifier.startsWith('.')) {
		const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
		return resolved.startsWith('../') ? { kind: 'other' } : { kind: 'path', path: resolved }
	}
	if (specifier.startsWith('#') || specifier.startsWith('node:') || specifier.startsWith('/')) return { kind: 'other' }
	const parts = specifier.split('/')
	return { kind: 'package', name: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]! }
}

const within = (target: Target, folder: string) =>
	target.kind === 'path' && (target.path === folder || target.path.startsWith(`${folder}/`))

const isDbModule = (target: Target) =>
	target.kind === 'path' && /^modules\/core\/(db\.server|db-types)(\.ts|\.js)?$/.test(target.path)

/** The rule a single import breaks, or null. `file` is relative to the repository root. */
export function ruleBroken(file: string, ref: ImportRef, target: Target): string | null {
	if (within({ kind: 'path', path: file }, 'app')) {
		if (!ref.typeOnly && target.kind === 'package' && (target.name === 'kysely' || target.name === 'pg')) {
			return `app/ never runs SQL: do not import ${target.name} (use \`import type\` for types; call a module instead)`
		}
		if (!ref.typeOnly && isDbModule(target)) {
			return 'app/ never runs SQL: do not import the db module (use `import type` for types; call a module instead)'
		}
		if (within(target, 'adapters')) return 'app/ never imports an adapter: the composition root (server/) wires adapters'
		return null
	}
	if (within({ kind: 'path', path: file }, 'modules')) {
		for (const folder of ['app', 'adapters', 'server']) {
			if (within(target, folder)) return `modules/ never import ${folder}/: dependencies point from ${folder}/ to modules/, not back`
		}
		if (within({ kind: 'path', path: file }, 'modules/core') && within(target, 'modules') && !within(target, 'modules/core')) {
			return 'modules/core imports nothing of the domain (another module)'
		}
		return null
	}
	if (within({ kind: 'path', path: file }, 'adapters')) {
		for (const folder of ['app', 'server']) {
			if (within(target, folder)) return `adapters/ never import ${folder}/: they implement module ports only`
		}
	}
	return null
}

export function checkSource(file: string, source: string, aliases: Record<string, string>): Array<Violation> {
	const violations: Array<Violation> = []
	for (const ref of findImports(file, source)) {
		const rule = ruleBroken(file, ref, resolveTarget(file, ref.specifier, aliases))
		if (rule) violations.push({ file, line: ref.line, specifier: ref.specifier, rule })
	}
	return violations
}

export function checkBoundaries(repoRoot: string): Array<Violation> {
	const aliases = readAliases(JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { imports?: Record<string, string> })
	const violations: Array<Violation> = []
	for (const folder of scannedFolders) {
		for (const file of listSourceFiles(path.join(repoRoot, folder))) {
			const relative = path.relative(repoRoot, file).split(path.sep).join('/')
			violations.push(...checkSource(relative, fs.readFileSync(file, 'utf8'), aliases))
		}
	}
	return violations
}

function listSourceFiles(dir: string): Array<string> {
	if (!fs.existsSync(dir)) return []
	return fs
		.readdirSync(dir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile() && sourceExtensions.test(entry.name) && !entry.name.endsWith('.d.ts'))
		.map((entry) => path.join(entry.parentPath, entry.name))
		.filter((file) => !file.split(path.sep).includes('node_modules'))
		.sort()
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const violations = checkBoundaries(root)
	for (const v of violations) console.error(`${v.file}:${v.line}: import '${v.specifier}': ${v.rule}`)
	if (violations.length) {
		console.error(`\n${violations.length} import boundary violation(s); see ARCHITECTURE.md "Direction of imports".`)
		process.exit(1)
	}
	console.log('Import boundaries: ok')
}
