import type { RegisteredPlatforms } from '#modules/content/platforms.ts'
import { apiDocument } from './operations.server.ts'

// What the reference page (/api-referenz) shows, read from the generated OpenAPI document: per
// endpoint its method, path, description, permission, parameters, body fields and a curl example.

type JsonSchema = {
	$ref?: string
	type?: string | Array<string>
	enum?: Array<unknown>
	items?: JsonSchema
	properties?: Record<string, JsonSchema>
	propertyNames?: JsonSchema
	additionalProperties?: JsonSchema
	required?: Array<string>
	description?: string
	anyOf?: Array<JsonSchema>
	oneOf?: Array<JsonSchema>
	format?: string
	const?: unknown
}

export type ReferenceField = { name: string; type: string; required: boolean; description: string }
export type ReferenceEndpoint = {
	id: string
	method: string
	path: string
	summary: string
	description: string
	scope: string | null
	idempotent: boolean
	parameters: Array<ReferenceField & { in: string }>
	body: Array<ReferenceField>
	bodyTypes: Array<string>
	statuses: Array<{ status: string; description: string }>
	curl: string
}
export type ReferenceGroup = { tag: string; description: string; endpoints: Array<ReferenceEndpoint> }

export function apiReference(registered: RegisteredPlatforms, appUrl: string): { version: string; groups: Array<ReferenceGroup> } {
	const doc = apiDocument(registered, appUrl) as unknown as {
		info: { version: string }
		tags: Array<{ name: string; description: string }>
		components?: { schemas?: Record<string, JsonSchema> }
		paths: Record<string, Record<string, { operationId: string; summary: string; description?: string; tags: Array<string>; 'x-scope'?: string; parameters?: Array<{ in: string; name: string; required?: boolean; description?: string; schema?: JsonSchema }>; requestBody?: { content: Record<string, { schema: JsonSchema }> }; responses: Record<string, { description: string }> }>>
	}
	const schemas = doc.components?.schemas ?? {}
	const resolve = (schema: JsonSchema | undefined): JsonSchema => (schema?.$ref ? resolve(schemas[schema.$ref.split('/').pop()!]) : (schema ?? {}))
	const typeOf = (raw: JsonSchema | undefined): string => {
		const schema = resolve(raw)
		if (schema.enum) return schema.enum.map(String).join(' | ')
		if (schema.const !== undefined) return JSON.stringify(schema.const)
		const variants = schema.anyOf ?? schema.oneOf
		if (variants) return variants.map(typeOf).join(' | ')
		if (schema.type === 'array') {
			const item = typeOf(schema.items)
			return item.includes(' | ') ? `(${item})[]` : `${item}[]`
		}
		if (schema.format === 'binary') return 'Datei'
		if (Array.isArray(schema.type)) return schema.type.join(' | ')
		if (schema.type === 'object' && schema.properties) {
			return `{ ${Object.entries(schema.properties).map(([name, value]) => `${name}: ${typeOf(value)}`).join(', ')} }`
		}
		if (schema.type === 'object' && schema.propertyNames) return `{ ${typeOf(schema.propertyNames)}: ${typeOf(schema.additionalProperties)} }`
		return schema.format ? `${schema.type ?? 'object'} (${schema.format})` : (schema.type ?? 'object')
	}
	const example = registered[0] ?? 'netzwerk'
	const bodies: Record<string, string> = {
		createPost: JSON.stringify({ networks: [example], text: 'Unser neues Angebot ist da!', schedule: { type: 'next_slot' } }),
		updatePost: JSON.stringify({ text: 'Der verbesserte Text', schedule: { type: 'at', at: '2026-12-01T09:00:00+01:00' } }),
		createDraft: JSON.stringify({ networks: [example], text: 'Eine Idee für später' }),
		updateDraft: JSON.stringify({ text: 'Der geänderte Entwurf' }),
		startGeneration: JSON.stringify({ kind: 'smart-post', networks: [example], prompt: 'Tipps für den Wintergarten' }),
	}
	const groups = new Map<string, ReferenceGroup>(doc.tags.map((tag) => [tag.name, { tag: tag.name, description: tag.description, endpoints: [] }]))
	for (const [path, methods] of Object.entries(doc.paths)) {
		for (const [method, op] of Object.entries(methods)) {
			const content = op.requestBody?.content ?? {}
			const bodySchema = resolve(content['application/json']?.schema ?? content['multipart/form-data']?.schema)
			const required = new Set(bodySchema.required ?? [])
			const params = op.parameters ?? []
			const idempotent = params.some((p) => p.in === 'header' && p.name === 'Idempotency-Key')
			const url = `${appUrl}${path.replace('{id}', '<id>')}`
			const lines = [`curl -X ${method.toUpperCase()} '${url}'`]
			if (op['x-scope']) lines.push(`-H 'Authorization: Bearer pw_…'`)
			if (idempotent) lines.push(`-H 'Idempotency-Key: <eindeutiger-schluessel>'`)
			if (op.operationId === 'uploadMedia') lines.push(`-F 'file=@bild.jpg'`)
			else if (bodies[op.operationId]) lines.push(`-H 'Content-Type: application/json'`, `-d '${bodies[op.operationId]}'`)
			const endpoint: ReferenceEndpoint = {
				id: op.operationId,
				method: method.toUpperCase(),
				path,
				summary: op.summary,
				description: op.description ?? '',
				scope: op['x-scope'] ?? null,
				idempotent,
				parameters: params.map((p) => ({ in: p.in, name: p.name, type: typeOf(p.schema), required: Boolean(p.required), description: p.description ?? resolve(p.schema).description ?? '' })),
				body: Object.entries(bodySchema.properties ?? {}).map(([name, schema]) => ({ name, type: typeOf(schema), required: required.has(name), description: schema.description ?? resolve(schema).description ?? '' })),
				bodyTypes: Object.keys(content),
				statuses: Object.entries(op.responses).map(([status, response]) => ({ status, description: response.description })),
				curl: lines.join(' \\\n  '),
			}
			const group = groups.get(op.tags[0] ?? '') ?? { tag: op.tags[0] ?? '', description: '', endpoints: [] }
			group.endpoints.push(endpoint)
			groups.set(group.tag, group)
		}
	}
	return { version: doc.info.version, groups: [...groups.values()].filter((g) => g.endpoints.length > 0) }
}
