import strings from '../de/assistants.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('assistants', strings)
