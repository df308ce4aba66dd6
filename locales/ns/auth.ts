import strings from '../de/auth.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('auth', strings)
