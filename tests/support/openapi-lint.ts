// Lints an OpenAPI document with Redocly's `recommended` ruleset and Spectral's `spectral:oas`
// (the rules API clients and generators rely on), answering each finding as one line.
import { createConfig, lintFromString } from '@redocly/openapi-core'
import { Document, Spectral } from '@stoplight/spectral-core'
import { Json as JsonParser } from '@stoplight/spectral-parsers'
import { oas } from '@stoplight/spectral-rulesets'

export type LintFinding = { tool: 'redocly' | 'spectral'; severity: 'error' | 'warning' | 'info'; rule: string; where: string; message: string }

export async function redoclyFindings(document: unknown): Promise<Array<LintFinding>> {
	const config = await createConfig({ extends: ['recommended'] })
	const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config })
	return problems.map((p) => ({
		tool: 'redocly',
		severity: p.severity === 'error' ? 'error' : p.severity === 'warn' ? 'warning' : 'info',
		rule: p.ruleId,
		where: p.location.map((l) => l.pointer ?? '').join(' '),
		message: p.message,
	}))
}

const SPECTRAL_SEVERITY = ['error', 'warning', 'info', 'info'] as const

export async function spectralFindings(document: unknown): Promise<Array<LintFinding>> {
	const spectral = new Spectral()
	spectral.setRuleset({ extends: [[oas as never, 'recommended']] })
	const results = await spectral.run(new Document(JSON.stringify(document, null, 2), JsonParser, 'openapi.json'))
	return results.map((r) => ({ tool: 'spectral', severity: SPECTRAL_SEVERITY[r.severity] ?? 'info', rule: String(r.code), where: r.path.join('.'), message: r.message }))
}
