// A real MCP client connects by OAuth (issue 40 "what it must show", ADR 0071): `mcp-remote`, the
// stdio bridge Claude Desktop and others run, is started against /mcp without any Authorization header.
// It meets the 401, discovers, registers and prints the authorization address (BROWSER=true makes
// xdg-open "succeed" without a browser); the signed-in user opens it in Playwright, sees the German
// consent and clicks 'Zulassen'; the browser lands on mcp-remote's loopback callback, which exchanges
// the code. Then the test speaks JSON-RPC over mcp-remote's stdio and finds the Postwerk tools.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '#tests/e2e/fixtures.ts'
import { e2eUrl } from '#tests/support/e2e.ts'

const root = path.resolve(import.meta.dirname, '../..')
const node = path.join(root, 'node_modules/.bin/node')
const proxy = path.join(root, 'node_modules/mcp-remote/dist/proxy.js')

async function freeLoopbackPort() {
	const probe = net.createServer().listen(0, '127.0.0.1')
	await new Promise((resolve) => probe.once('listening', resolve))
	const { port } = probe.address() as net.AddressInfo
	await new Promise((resolve) => probe.close(resolve))
	return port
}

type JsonRpcMessage = { jsonrpc: '2.0'; id?: number; method?: string; params?: Record<string, unknown>; result?: unknown; error?: unknown }

/** mcp-remote as a child: its stderr log (where the authorization address appears) and its stdio JSON-RPC. */
function startMcpRemote(callbackPort: number, configDir: string) {
	const child: ChildProcessWithoutNullStreams = spawn(node, [proxy, `${e2eUrl}/mcp`, String(callbackPort), '--host', '127.0.0.1'], {
		cwd: root,
		env: { ...process.env, BROWSER: 'true', MCP_REMOTE_CONFIG_DIR: configDir },
		stdio: 'pipe',
	})
	let log = ''
	child.stderr.setEncoding('utf8').on('data', (chunk: string) => (log += chunk))
	const messages: Array<JsonRpcMessage> = []
	let pending = ''
	child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
		pending += chunk
		const lines = pending.split('\n')
		pending = lines.pop() ?? ''
		for (const line of lines) if (line.trim()) messages.push(JSON.parse(line) as JsonRpcMessage)
	})
	const send = (message: JsonRpcMessage) => child.stdin.write(`${JSON.stringify(message)}\n`)
	async function request(id: number, method: string, params: Record<string, unknown> = {}) {
		send({ jsonrpc: '2.0', id, method, params })
		await expect.poll(() => messages.some((message) => message.id === id), { timeout: 20_000 }).toBe(true)
		return messages.find((message) => message.id === id)!
	}
	const logged = () => log
	return { child, logged, send, request }
}

async function stop(child: ChildProcessWithoutNullStreams) {
	if (child.exitCode !== null || child.signalCode !== null) return
	const exited = new Promise((resolve) => child.once('exit', resolve))
	child.kill('SIGTERM')
	const killed = setTimeout(() => child.kill('SIGKILL'), 5_000)
	await exited
	clearTimeout(killed)
}

test('mcp-remote signs in by OAuth after Zulassen and lists the Postwerk tools over stdio', async ({ page, db, createConfirmedUser, login }) => {
	const user = await createConfirmedUser()
	await login(user)
	const configDir = await mkdtemp(path.join(os.tmpdir(), 'postwerk-mcp-remote-'))
	const callbackPort = await freeLoopbackPort()
	const remote = startMcpRemote(callbackPort, configDir)
	try {
		await expect.poll(remote.logged, { timeout: 30_000 }).toMatch(/Please authorize this client by visiting:\s+http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+/)
		const authorizationUrl = /Please authorize this client by visiting:\s+(\S+)/.exec(remote.logged())![1]!
		expect(new URL(authorizationUrl).searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)

		await page.goto(authorizationUrl)
		await expect(page.getByRole('heading', { name: 'Zugriff auf Ihr Postwerk-Konto erlauben?' })).toBeVisible()
		await expect(page.getByText('Die App «MCP CLI Proxy» möchte in Ihrem Namen auf Postwerk zugreifen.')).toBeVisible()
		await page.getByRole('button', { name: 'Zulassen' }).click()
		// The browser lands on mcp-remote's own loopback listener, which takes the code.
		await page.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback\?/)
		await expect.poll(remote.logged, { timeout: 30_000 }).toContain('Proxy established successfully')

		const initialized = await remote.request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'playwright', version: '1.0.0' } })
		expect(initialized.error).toBeUndefined()
		remote.send({ jsonrpc: '2.0', method: 'notifications/initialized' })
		const listed = await remote.request(2, 'tools/list')
		const names = (listed.result as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name)
		expect(names).toEqual(expect.arrayContaining(['create_post', 'get_post', 'validate_post']))

		const grants = await db
			.selectFrom('oauth_grants')
			.innerJoin('oauth_clients', 'oauth_clients.id', 'oauth_grants.client_id')
			.select(['oauth_clients.client_name', 'oauth_grants.audience', 'oauth_grants.revoked_at'])
			.where('oauth_grants.user_id', '=', user.id)
			.execute()
		expect(grants).toEqual([{ client_name: 'MCP CLI Proxy', audience: 'mcp', revoked_at: null }])
	} finally {
		await stop(remote.child)
		await rm(configDir, { recursive: true, force: true })
	}
})
