import strings from '../de/mcp.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('mcp', strings)
