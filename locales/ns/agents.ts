import strings from '../de/agents.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('agents', strings)
