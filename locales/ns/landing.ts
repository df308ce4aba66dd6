import strings from '../de/landing.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('landing', strings)
