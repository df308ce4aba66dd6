// The import rules of ARCHITECTURE.md ("Direction of imports"), checked by `npm run lint`:
//   app/      no SQL (kysely, pg, the db module; `import type` is fine) and no adapters
//   modules/  nothing from app/, adapters/ or server/; modules/core nothing of another module
//   adapters/ nothing from app/ or server/
// and between the modules (modules/<name>/, tests left out: they are consumers like app/):
//   no import cycle between two modules, with or without `import type` (ownership points one way)
//   another module only through its index.ts, or a file that index.ts re-exports that is not
//   *.server.ts (browser-shared code, e.g. a zod schema, must not pull in the server code of index.ts);
//   modules/core has no index.ts and is used file by file
// and the use cases on the module floor (ADR 0048): app/ only translates requests, so
//   app/server/ and app/routes/ export no function named as a use case (submit*, plan*, import*,
//   preview*, fill*: those live in modules/posting, one verb-named file each)
//   app/ has no function taking a pick of the module services (`Pick<Services, ...>`): a helper that
//   orchestrates module services is a use case; a route calls one module function
// Usage: node scripts/check-boundaries.ts
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export type Violation = { file: string; line: number; specifier: string; rule: string }

/** One import of another module, as an edge of the module graph. */
export type ModuleImport = { file: string; line: number; specifier: string }
/** A cycle a -> b -> ... -> a, with the imports that make each step. */
export type ModuleCycle = { modules: Array<string>; steps: Array<{ from: string; to: string; imports: Array<ModuleImport> }> }
export type SourceFile = { file: string; source: string }

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

const USE_CASE_NAME = /^(submit|plan|import|preview|fill)[A-Z]/
const USE_CASE_RULE = 'app/ only translates requests: a use case lives in a module (modules/posting, one verb-named file each; ADR 0048)'

/** Exported use-case names (app/server/, app/routes/) and functions taking `Pick<Services, ...>` (all of app/), as violations. */
export function findUseCases(file: string, source: string): Array<Violation> {
	if (!within({ kind: 'path', path: file }, 'app') || isTest(file)) return []
	const named = within({ kind: 'path', path: file }, 'app/server') || within({ kind: 'path', path: file }, 'app/routes')
	const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
	const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind)
	const found: Array<Violation> = []
	const lineOf = (node: ts.Node) => sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1
	const exported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
	const visit = (node: ts.Node) => {
		if (named && ts.isFunctionDeclaration(node) && node.name && exported(node) && USE_CASE_NAME.test(node.name.text)) {
			found.push({ file, line: lineOf(node), specifier: node.name.text, rule: USE_CASE_RULE })
		}
		if (named && ts.isVariableStatement(node) && exported(node)) {
			for (const declaration of node.declarationList.declarations) {
				if (ts.isIdentifier(declaration.name) && USE_CASE_NAME.test(declaration.name.text)) found.push({ file, line: lineOf(declaration), specifier: declaration.name.text, rule: USE_CASE_RULE })
			}
		}
		if (ts.isParameter(node) && node.type && ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(sourceFile) === 'Pick') {
			const picked = node.type.typeArguments?.[0]
			if (picked && ts.isTypeReferenceNode(picked) && picked.typeName.getText(sourceFile) === 'Services') {
				found.push({ file, line: lineOf(node), specifier: node.type.getText(sourceFile), rule: USE_CASE_RULE })
			}
		}
		ts.forEachChild(node, visit)
	}
	visit(sourceFile)
	return found
}

export function checkSource(file: string, source: string, aliases: Record<string, string>): Array<Violation> {
	const violations: Array<Violation> = findUseCases(file, source)
	for (const ref of findImports(file, source)) {
		const rule = ruleBroken(file, ref, resolveTarget(file, ref.specifier, aliases))
		if (rule) violations.push({ file, line: ref.line, specifier: ref.specifier, rule })
	}
	return violations
}

/** The module a repository path belongs to (modules/<name>/...), or null (outside, or a file directly in modules/). */
export function moduleOf(file: string): string | null {
	const match = /^modules\/([^/]+)\/./.exec(file)
	return match ? match[1]! : null
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.split('/').includes('fixtures')

/** Every import from one module's code into another module (tests left out), by importing module and target path. */
function crossModuleImports(files: ReadonlyArray<SourceFile>, aliases: Record<string, string>) {
	const found: Array<ModuleImport & { from: string; to: string; target: string }> = []
	for (const { file, source } of files) {
		const from = moduleOf(file)
		if (!from || isTest(file)) continue
		for (const ref of findImports(file, source)) {
			const target = resolveTarget(file, ref.specifier, aliases)
			if (target.kind !== 'path') continue
			const to = moduleOf(target.path)
			if (to && to !== from) found.push({ from, to, target: target.path, file, line: ref.line, specifier: ref.specifier })
		}
	}
	return found
}

/** The module graph: for each module, the modules it imports, with the import lines (type imports count). */
export function moduleGraph(files: ReadonlyArray<SourceFile>, aliases: Record<string, string>): Map<string, Map<string, Array<ModuleImport>>> {
	const graph = new Map<string, Map<string, Array<ModuleImport>>>()
	for (const { from, to, file, line, specifier } of crossModuleImports(files, aliases)) {
		const targets = graph.get(from) ?? new Map<string, Array<ModuleImport>>()
		graph.set(from, targets)
		targets.set(to, [...(targets.get(to) ?? []), { file, line, specifier }])
	}
	return graph
}

/**
 * The import cycles between modules: the strongly connected components (Tarjan), and in each the
 * shortest cycle through each of its edges (deduplicated), so every import that takes part in a
 * cycle is shown at least once. Fixing them may reveal a longer cycle, which the next run names.
 */
export function findModuleCycles(graph: Map<string, Map<string, Array<ModuleImport>>>): Array<ModuleCycle> {
	const next = (node: string) => [...(graph.get(node)?.keys() ?? [])].sort()
	const nodes = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((t) => [...t.keys()])])].sort()
	const index = new Map<string, number>()
	const low = new Map<string, number>()
	const stack: Array<string> = []
	const onStack = new Set<string>()
	const components: Array<Set<string>> = []
	const connect = (node: string) => {
		index.set(node, index.size)
		low.set(node, index.get(node)!)
		stack.push(node)
		onStack.add(node)
		for (const to of next(node)) {
			if (!index.has(to)) {
				connect(to)
				low.set(node, Math.min(low.get(node)!, low.get(to)!))
			} else if (onStack.has(to)) {
				low.set(node, Math.min(low.get(node)!, index.get(to)!))
			}
		}
		if (low.get(node) !== index.get(node)) return
		const component = new Set<string>()
		let member: string
		do {
			member = stack.pop()!
			onStack.delete(member)
			component.add(member)
		} while (member !== node)
		if (component.size > 1) components.push(component)
	}
	for (const node of nodes) if (!index.has(node)) connect(node)

	const cycles = new Map<string, ModuleCycle>()
	for (const component of components) {
		for (const from of [...component].sort()) {
			for (const to of next(from).filter((n) => component.has(n))) {
				const back = shortestPath(to, from, (n) => next(n).filter((m) => component.has(m)))
				if (!back) continue
				const ring = [from, ...back.slice(0, -1)]
				const start = ring.indexOf([...ring].sort()[0]!)
				const modules = [...ring.slice(start), ...ring.slice(0, start)]
				const key = modules.join('>')
				if (cycles.has(key)) continue
				const steps = modules.map((m, i) => {
					const target = modules[(i + 1) % modules.length]!
					return { from: m, to: target, imports: graph.get(m)!.get(target)! }
				})
				cycles.set(key, { modules, steps })
			}
		}
	}
	return [...cycles.values()].sort((a, b) => a.modules.length - b.modules.length || a.modules.join().localeCompare(b.modules.join()))
}

function shortestPath(from: string, to: string, next: (node: string) => Array<string>): Array<string> | null {
	const previous = new Map<string, string | null>([[from, null]])
	const queue = [from]
	while (queue.length) {
		const node = queue.shift()!
		if (node === to) {
			const path: Array<string> = []
			for (let at: string | null = node; at !== null; at = previous.get(at)!) path.unshift(at)
			return path
		}
		for (const n of next(node)) {
			if (!previous.has(n)) {
				previous.set(n, node)
				queue.push(n)
			}
		}
	}
	return null
}

/**
 * A module's public files: its index.ts, and the files index.ts re-exports that are not *.server.ts
 * (pure code the browser shares may import those directly, without the server code of index.ts).
 */
export function publicFiles(files: ReadonlyArray<SourceFile>, aliases: Record<string, string>): Set<string> {
	const found = new Set<string>()
	for (const { file, source } of files) {
		if (!/^modules\/[^/]+\/index\.ts$/.test(file)) continue
		found.add(file)
		const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
		for (const statement of sourceFile.statements) {
			if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier || !ts.isStringLiteralLike(statement.moduleSpecifier)) continue
			const target = resolveTarget(file, statement.moduleSpecifier.text, aliases)
			if (target.kind === 'path' && moduleOf(target.path) === moduleOf(file) && !/\.server\.tsx?$/.test(target.path)) found.add(target.path)
		}
	}
	return found
}

/**
 * Imports of another module's internals: anything but its index.ts or a public file (see publicFiles).
 * A module without index.ts (modules/core, the kernel every module builds on) is used file by file.
 */
export function checkModuleEntries(files: ReadonlyArray<SourceFile>, aliases: Record<string, string>): Array<Violation> {
	const open = publicFiles(files, aliases)
	const withIndex = new Set([...open].filter((file) => file.endsWith('/index.ts')).map((file) => moduleOf(file)))
	return crossModuleImports(files, aliases)
		.filter((ref) => withIndex.has(ref.to) && !open.has(ref.target))
		.map(({ file, line, specifier, to }) => ({
			file,
			line,
			specifier,
			rule: `another module is used through its index.ts: import from #modules/${to}/index.ts (or a file that index.ts re-exports, not a .server.ts one)`,
		}))
}

export function formatCycle(cycle: ModuleCycle): string {
	const lines = [`import cycle between modules: ${[...cycle.modules, cycle.modules[0]].join(' -> ')}`]
	for (const step of cycle.steps) {
		lines.push(`  ${step.from} -> ${step.to}:`)
		for (const ref of step.imports.slice(0, 3)) lines.push(`    ${ref.file}:${ref.line}: import '${ref.specifier}'`)
		if (step.imports.length > 3) lines.push(`    ... and ${step.imports.length - 3} more`)
	}
	return lines.join('\n')
}

export function readSources(repoRoot: string): Array<SourceFile> {
	return scannedFolders.flatMap((folder) =>
		listSourceFiles(path.join(repoRoot, folder)).map((file) => ({
			file: path.relative(repoRoot, file).split(path.sep).join('/'),
			source: fs.readFileSync(file, 'utf8'),
		})),
	)
}

export function readRepoAliases(repoRoot: string) {
	return readAliases(JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { imports?: Record<string, string> })
}

export function checkBoundaries(repoRoot: string, sources = readSources(repoRoot)): Array<Violation> {
	const aliases = readRepoAliases(repoRoot)
	return [...sources.flatMap(({ file, source }) => checkSource(file, source, aliases)), ...checkModuleEntries(sources, aliases)]
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
	const sources = readSources(root)
	const violations = checkBoundaries(root, sources)
	const cycles = findModuleCycles(moduleGraph(sources, readRepoAliases(root)))
	for (const v of violations) console.error(`${v.file}:${v.line}: ${v.rule === USE_CASE_RULE ? '' : 'import '}'${v.specifier}': ${v.rule}`)
	for (const cycle of cycles) console.error(formatCycle(cycle))
	if (violations.length || cycles.length) {
		console.error(`\n${violations.length} import boundary violation(s), ${cycles.length} import cycle(s) between modules; see ARCHITECTURE.md "Direction of imports".`)
		process.exit(1)
	}
	console.log('Import boundaries: ok (no import cycles between modules)')
}
