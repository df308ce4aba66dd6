import strings from '../de/generation.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('generation', strings)
