import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'
import type { TFunction } from 'i18next'
import type { RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { de as germanZod } from 'zod/locales'
import { issueMessage, uuidFrom } from '#app/server/api/request.server.ts'
import type { ApiPrincipal, ApiScope } from '#modules/accounts/index.ts'
import { spell, type Spelling } from '#modules/core/spelling.ts'
import type { Services } from '#modules/services.ts'

// One MCP tool: its German description and zod input, the token scope it needs, and what it does
// through the module services. Results are JSON as text (what every client shows) plus the same
// object as structuredContent (what programs read); a refusal is a tool error with a German text.

/** What a tool call gets: the request's context, the services and the token's user and scopes. */
export type McpCall = {
	context: Readonly<RouterContextProvider>
	services: Services
	principal: ApiPrincipal
	/** The 'mcp' namespace in the user's spelling. */
	t: TFunction<'mcp'>
	spelling: Spelling
}

export type McpTool<S extends z.ZodObject = z.ZodObject> = {
	name: string
	scope: ApiScope
	input: S
	/** What a successful call answers as structuredContent (its outputSchema; a refusal's fields are added, ERROR_FIELDS). */
	output: z.ZodRawShape
	annotations: ToolAnnotations
	run: (args: z.output<S>, call: McpCall) => Promise<CallToolResult>
}

/** Keeps the input's type between the schema and `run`. */
export function defineTool<S extends z.ZodObject>(tool: McpTool<S>): McpTool<S> {
	return tool
}

/** The assistant's own request id (a retry with it answers the first result), per user like the REST Idempotency-Key; else a fresh one. */
export function mcpRequestId(principal: ApiPrincipal, requestId: string | undefined) {
	return requestId ? uuidFrom(`${principal.user.id}:mcp:${requestId}`) : crypto.randomUUID()
}

export function toolResult(value: Record<string, unknown>): CallToolResult {
	return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: value }
}

/** A refusal the assistant should tell the user: the German message, and details (e.g. the networks' reasons) as data. */
export function toolError(message: string, details: Record<string, unknown> = {}): CallToolResult {
	return { isError: true, content: [{ type: 'text', text: message }], structuredContent: { error: message, ...details } }
}

/** What a refusal (isError) answers besides the text: the German message, a stable code and the details some refusals give. */
const ERROR_FIELDS = {
	error: z.string().optional().describe('Bei einem Fehler (isError): die deutsche Meldung'),
	code: z.string().optional().describe('Bei einem Fehler: ein stabiler Code (z. B. not_found, preflight, invalid_channel)'),
	reasons: z.array(z.string()).optional().describe('Bei preflight oder invalid_channel: die deutschen Gründe'),
	retryAfterSeconds: z.number().optional(),
	cost: z.number().optional(),
	balance: z.number().optional(),
}

/**
 * A tool's outputSchema: its answer or a refusal. The SDK client checks structuredContent against it
 * also when isError is set, so the answer's fields are optional in the schema and required by the
 * server's own check (the refinement) whenever there is no error.
 */
export function outputSchema(shape: z.ZodRawShape) {
	const answer = z.object(shape)
	const optional = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, field instanceof z.ZodOptional ? field : (field as z.ZodType).optional()]))
	return z.object({ ...ERROR_FIELDS, ...optional }).superRefine((value, ctx) => {
		if (value.error !== undefined) return
		for (const issue of answer.safeParse(value).error?.issues ?? []) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
	})
}

const germanIssues = germanZod().localeError

/** zod's issues as German lines naming each field (a shared schema's key as its text, as the REST API answers it). */
function invalidArguments(call: McpCall, error: z.ZodError) {
	const lines = error.issues.map((issue) => `- ${issue.path.map(String).join('.') || '(Eingabe)'}: ${issueMessage(call.context, issue)}`)
	return spell([call.t('errors.invalid'), ...lines].join('\n'), call.spelling)
}

type SdkInternals = { validateToolInput: (tool: { inputSchema?: z.ZodType }, args: unknown, name: string) => Promise<unknown> }

/**
 * Registers the tools for this request's token. The SDK checks a tool's input against its schema
 * before the tool runs and answers in English ("Input validation error: ..."); this server answers
 * in German with each field, so it replaces that one step (ADR 0019; tests/integration/mcp.test.ts
 * checks it). The scope is checked per tool: a token without it gets a German tool error.
 */
export function registerTools(server: McpServer, tools: ReadonlyArray<McpTool>, call: McpCall) {
	const internals = server as unknown as SdkInternals
	internals.validateToolInput = async (tool, args) => {
		if (!tool.inputSchema) return undefined
		// Postgres cannot store NUL in text (as in forms, app/server/body-limit.server.ts).
		if (JSON.stringify(args ?? {}).includes('\\u0000')) throw new Error(spell(call.t('errors.nul'), call.spelling))
		const parsed = tool.inputSchema.safeParse(args ?? {}, { error: germanIssues })
		if (!parsed.success) throw new Error(invalidArguments(call, parsed.error))
		return parsed.data
	}
	for (const tool of tools) {
		server.registerTool(
			tool.name,
			{ title: call.t(`tools.${tool.name}.title` as 'tools.list_posts.title'), description: call.t(`tools.${tool.name}.description` as 'tools.list_posts.description'), inputSchema: tool.input, outputSchema: outputSchema(tool.output), annotations: tool.annotations },
			async (args: unknown) => {
				if (!call.principal.scopes.includes(tool.scope)) return toolError(spell(call.t('errors.scope', { scope: tool.scope }), call.spelling))
				try {
					const result = await tool.run(args as never, call)
					if (!result.isError) return result
					const text = result.content[0]?.type === 'text' ? spell(result.content[0].text, call.spelling) : ''
					return { ...result, content: [{ type: 'text', text }], structuredContent: { ...result.structuredContent, error: text } }
				} catch (error) {
					console.error('mcp_tool_failed', tool.name, error)
					return toolError(spell(call.t('errors.internal'), call.spelling))
				}
			},
		)
	}
}
