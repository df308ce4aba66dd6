import strings from '../de/layout.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('layout', strings)
